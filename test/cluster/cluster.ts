import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderNginxConfig } from '../../deploy/render-nginx';
import { startMongoServer } from '../mongo/server.mjs';
import { eventually } from '../support/eventually';

// The cluster's certificate is self-signed, made for the run: this test process (and nothing else) accepts it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const ADMIN = { email: 'ops@hiregate.example', password: 'Cluster-pass-1!' };
export const METRICS_TOKEN = 'cluster-metrics-token-0123';

/** A free loopback port (closed again at once; the caller binds it next). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const waitUntil = (check: () => Promise<boolean>, what: string) =>
  eventually(check, { timeoutMs: 60_000, intervalMs: 100, what });

/**
 * How the systemd unit starts an instance (deploy/systemd/hiregate@.service): node's arguments from `ExecStart`, and
 * the settings of its `Environment` line that do not name the instance (PORT, HOST and the proxy settings are the
 * cluster's own). Each instance is started exactly so, with this process's node in place of /usr/bin/node.
 */
export function systemdUnit(): { nodeArguments: string[]; environment: Record<string, string> } {
  const unit = readFileSync('deploy/systemd/hiregate@.service', 'utf8');
  const setting = (name: string) =>
    unit
      .match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1]
      ?.trim()
      .split(/\s+/) ?? [];
  const [node, ...nodeArguments] = setting('ExecStart');
  if (!node?.endsWith('/node')) throw new Error(`The unit's ExecStart does not start node: ${node}`);
  const environment = Object.fromEntries(
    setting('Environment')
      .map((pair) => pair.split('=') as [string, string])
      .filter(([name]) => !['PORT', 'HOST', 'TRUST_PROXY', 'TRUST_PROXY_HOPS'].includes(name)),
  );
  return { nodeArguments, environment };
}

export interface Instance {
  port: number;
  url: string;
  process: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface Cluster {
  /** The public origin (https through nginx). */
  origin: string;
  instances: Instance[];
  mongoUri: string;
  /** Starts (or starts again) the instance in that slot and waits until it is ready. */
  startInstance(slot: number): Promise<Instance>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances: number;
  /** Extra environment of every instance. */
  env?: Record<string, string>;
  /** Start every instance at the same moment, as systemd starts a fresh deployment (default: one after another). */
  together?: boolean;
}

/**
 * MongoDB (mongo-java-server), N instances of the app as their own processes (the compiled server, started as the
 * systemd unit starts it: systemdUnit) and Debian's nginx with the deployment configuration, all on loopback ports.
 */
export async function startCluster({ instances: count, env = {}, together = false }: ClusterOptions): Promise<Cluster> {
  if (!existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX}: run \`apt-get install -y nginx\``);
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist/web');
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run \`npm run build\``);
  const unit = systemdUnit();
  const serverFile = unit.nodeArguments.find((argument) => argument.endsWith('.js'));
  if (!serverFile || !existsSync(serverFile))
    throw new Error(`No compiled server at ${serverFile}: run \`npm run build\``);
  const work = mkdtempSync(path.join(tmpdir(), 'hiregate-cluster-'));
  const mongo = await startMongoServer();
  const mongoUri = `${mongo.uri}/hiregate_cluster`;
  const httpsPort = await freePort();
  const origin = `https://127.0.0.1:${httpsPort}`;
  const ports = await Promise.all(Array.from({ length: count }, freePort));
  const instances: Instance[] = [];

  async function startInstance(slot: number): Promise<Instance> {
    const port = ports[slot]!;
    const child = spawn(process.execPath, unit.nodeArguments, {
      env: {
        ...process.env,
        ...unit.environment,
        PORT: String(port),
        HOST: '127.0.0.1',
        MONGODB_URI: mongoUri,
        DATA_DIR: path.join(work, `data-${slot}`),
        DIST_DIR: distDir,
        APP_ORIGIN: origin,
        TRUST_PROXY: 'true',
        VERIFY_SECRET: 'cluster-secret-shared-by-every-instance',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        METRICS_TOKEN,
        LOG_LEVEL: 'warn',
        // The unit's NODE_ENV=production wants SMTP_URL; the cluster's mail stays in the outbox.
        MAIL_OUTBOX: 'true',
        DEMO: 'false',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const instance = { port, url: `http://127.0.0.1:${port}`, process: child, exited };
    instances[slot] = instance;
    const died = exited.then((code) => {
      throw new Error(`instance ${slot} exited with code ${code} before it was ready`);
    });
    // Once ready, the instance may end long after (a test's SIGTERM): that is no failure to start.
    died.catch(() => {});
    await Promise.race([
      died,
      waitUntil(async () => (await fetch(`${instance.url}/api/health/ready`)).ok, `instance ${slot} ready`),
    ]);
    return instance;
  }

  const slots = Array.from({ length: count }, (_, slot) => slot);
  if (together) await Promise.all(slots.map(startInstance));
  else for (const slot of slots) await startInstance(slot);

  const certificate = path.join(work, 'tls.pem');
  const key = path.join(work, 'tls.key');
  const openssl = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    key,
    '-out',
    certificate,
  ]);
  if (openssl.status !== 0) throw new Error(`openssl could not make a certificate: ${String(openssl.stderr)}`);
  const site = renderNginxConfig({
    instances: ports.map((port) => `127.0.0.1:${port}`),
    listenAddress: '127.0.0.1',
    httpsPort,
    serverName: '127.0.0.1',
    tlsCertificate: certificate,
    tlsCertificateKey: key,
    distDir,
  });
  writeFileSync(path.join(work, 'hiregate.conf'), site);
  // What /etc/nginx/nginx.conf gives a site on Debian, in a folder of the test's own (root runs the workers as root
  // so they can read the checkout).
  writeFileSync(
    path.join(work, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 2;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${work}/client_body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  include ${work}/hiregate.conf;
}
`,
  );
  const nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const nginxExited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  await waitUntil(async () => (await fetch(`${origin}/api/health/ready`)).ok, 'nginx in front of the instances');

  return {
    origin,
    instances,
    mongoUri,
    startInstance,
    async stop() {
      nginx.kill('SIGTERM');
      await nginxExited;
      for (const instance of instances) {
        if (instance.process.exitCode === null && instance.process.signalCode === null)
          instance.process.kill('SIGTERM');
        await instance.exited;
      }
      await mongo.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
