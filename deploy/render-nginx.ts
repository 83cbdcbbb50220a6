/**
 * Fills deploy/nginx/hiregate.conf.template. As a command, the values come from the environment:
 *   HIREGATE_INSTANCES=127.0.0.1:8081,127.0.0.1:8082 SERVER_NAME=gate.example.com HTTPS_PORT=443 \
 *   TLS_CERTIFICATE=/etc/ssl/hiregate.pem TLS_CERTIFICATE_KEY=/etc/ssl/hiregate.key DIST_DIR=/srv/hiregate/dist/web \
 *   npx tsx deploy/render-nginx.ts > /etc/nginx/conf.d/hiregate.conf
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX_CONF_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx');

export interface NginxSettings {
  /** host:port of each instance. */
  instances: string[];
  listenAddress: string;
  httpsPort: number;
  serverName: string;
  tlsCertificate: string;
  tlsCertificateKey: string;
  distDir: string;
  /** Where security-headers.conf is (this folder unless copied elsewhere). */
  confDir?: string;
}

export function renderNginxConfig(settings: NginxSettings): string {
  const values: Record<string, string> = {
    UPSTREAM_SERVERS: settings.instances.map((instance) => `    server ${instance} max_fails=0;`).join('\n'),
    LISTEN_ADDRESS: settings.listenAddress,
    HTTPS_PORT: String(settings.httpsPort),
    SERVER_NAME: settings.serverName,
    TLS_CERTIFICATE: settings.tlsCertificate,
    TLS_CERTIFICATE_KEY: settings.tlsCertificateKey,
    DIST_DIR: settings.distDir,
    CONF_DIR: settings.confDir ?? NGINX_CONF_DIR,
  };
  const template = readFileSync(path.join(NGINX_CONF_DIR, 'hiregate.conf.template'), 'utf8');
  return template.replace(/\$\{([A-Z_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The nginx template names an unknown value: ${name}`);
    return value;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`Set ${name}`);
    return value;
  };
  process.stdout.write(
    renderNginxConfig({
      instances: required('HIREGATE_INSTANCES').split(','),
      listenAddress: env.LISTEN_ADDRESS ?? '0.0.0.0',
      httpsPort: Number(env.HTTPS_PORT ?? 443),
      serverName: required('SERVER_NAME'),
      tlsCertificate: required('TLS_CERTIFICATE'),
      tlsCertificateKey: required('TLS_CERTIFICATE_KEY'),
      distDir: required('DIST_DIR'),
      confDir: env.CONF_DIR,
    }),
  );
}
