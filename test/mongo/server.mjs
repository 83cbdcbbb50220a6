// Starts and stops mongo-java-server (MongoDB's wire protocol, in memory) for the MongoDB test lanes.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pom = path.join(here, 'pom.xml');
const launcher = path.join(here, 'MongoTestServer.java');
const targetDir = path.join(here, 'target');
const classpathFile = path.join(targetDir, 'classpath.txt');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

export class MongoServerStartError extends Error {
  name = 'MongoServerStartError';
}

function tail(text, lines = 15) {
  return String(text ?? '')
    .trim()
    .split('\n')
    .slice(-lines)
    .join('\n');
}

function isCachedClasspathUsable() {
  if (!existsSync(classpathFile) || statSync(classpathFile).mtimeMs < statSync(pom).mtimeMs) return false;
  const jars = readFileSync(classpathFile, 'utf8').trim().split(path.delimiter);
  return jars.length > 0 && jars.every((jar) => existsSync(jar));
}

/**
 * The server's classpath, resolved by Maven from test/mongo/pom.xml on first use and cached in test/mongo/target/
 * (re-resolved when the pom changes or a jar left the local Maven repository).
 */
export function resolveClasspath() {
  if (!isCachedClasspathUsable()) {
    rmSync(classpathFile, { force: true });
    mkdirSync(targetDir, { recursive: true });
    try {
      execFileSync('mvn', ['-q', '-B', '-f', pom, 'dependency:build-classpath', `-Dmdep.outputFile=${classpathFile}`], {
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
    } catch (error) {
      const reason = error.code === 'ENOENT' ? 'mvn is not installed' : tail(error.stdout) || tail(error.stderr);
      throw new MongoServerStartError(
        `Cannot resolve de.bwaldvogel:mongo-java-server with Maven (needs mvn and Maven Central): ${reason}`,
      );
    }
  }
  return readFileSync(classpathFile, 'utf8').trim();
}

/**
 * Starts the MongoDB test server on 127.0.0.1 (port 0 = a free one) and resolves once it accepts connections.
 * @returns {Promise<{uri: string, port: number, pid: number, stop: () => Promise<void>}>} uri names no database.
 */
export async function startMongoServer({ port = 0 } = {}) {
  const classpath = resolveClasspath();
  // Java runs the one-file launcher from source; it exits when its stdin closes, so it never outlives us.
  const child = spawn('java', ['-cp', classpath, launcher, String(port)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-8_000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const boundPort = await new Promise((resolve, reject) => {
    let stdout = '';
    const fail = (message) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new MongoServerStartError(`The MongoDB test server did not start: ${message}`));
    };
    const timer = setTimeout(
      () => fail(`no answer within ${START_TIMEOUT_MS / 1000} s. ${tail(stderr)}`),
      START_TIMEOUT_MS,
    );
    child.once('error', (error) =>
      fail(error.code === 'ENOENT' ? 'java is not installed (needs a JDK 17 or newer)' : error.message),
    );
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /listening 127\.0\.0\.1:(\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    exited.then(({ code, signal }) => fail(`java exited (${signal ?? `code ${code}`}). ${tail(stderr)}`));
  });

  return {
    uri: `mongodb://127.0.0.1:${boundPort}`,
    port: boundPort,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
