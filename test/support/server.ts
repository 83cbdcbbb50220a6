import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../api/config';
import { startServer, type RunningServer } from '../../api/server';
import { eventually } from './eventually';

export interface TestServer extends RunningServer {
  config: Config;
  dataDir: string;
  /** The web app build it serves. */
  distDir: string;
}

/**
 * The real server on a free port with its own temporary data folder (embedded store unless MONGODB_URI is given).
 * `env` overrides any configuration variable, exactly as the process environment would.
 */
export async function startTestServer(env: Record<string, string | undefined> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO: 'false',
    // A separate build folder lets several e2e runs share a checkout (`vite build --outDir …`).
    DIST_DIR: process.env.DIST_DIR,
    ...env,
  });
  const running = await startServer(config);
  return {
    ...running,
    config,
    dataDir,
    distDir: config.distDir,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the instance says it is ready (as a proxy does before sending it work again): after its database came
 * back, it first finds the store answering and catches up with it (api/store/store-watch.ts).
 */
export async function untilReady(url: string, withinMs = 15_000): Promise<void> {
  await eventually(async () => (await fetch(`${url}/api/health/ready`)).status === 200, {
    timeoutMs: withinMs,
    intervalMs: 100,
    what: `${url} to be ready`,
  });
}
