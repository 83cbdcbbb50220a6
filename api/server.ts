import type { Server } from 'node:http';
import { loadConfig, ConfigError, type Config } from './config';
import { createLogger } from './logger';
import { createStore } from './store';
import { createApp } from './app';
import { ensureAdmin } from './features/accounts/account-service';
import { demoBanner, seedDemoPapers } from './demo';

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Opens the store and listens; used by `npm start` and by tests (PORT=0 picks a free port). */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config);
  const store = await createStore(config);
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin({ store }, config.adminEmail, config.adminPassword);
    logger.info({ email: config.adminEmail, outcome }, 'administrator from ADMIN_EMAIL ready');
  }
  if (config.demo) await seedDemoPapers(store);
  const app = createApp(config, store, logger);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening)).on('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  logger.info({ url, store: store.kind, version: config.version }, 'HireGate is listening');
  return {
    url,
    server,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      await store.close();
    },
  };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const running = await startServer(config);
  console.log(`HireGate is running at http://localhost:${new URL(running.url).port}`);
  if (config.demo) console.log(demoBanner(`http://localhost:${new URL(running.url).port}`, config));
  const shutdown = async (signal: string) => {
    console.log(`${signal} received, closing…`);
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await running.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
