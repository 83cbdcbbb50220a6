import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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
  const drain = drainOnClose(server);
  return {
    url,
    server,
    async close() {
      await drain();
      await store.close();
    },
  };
}

/**
 * Graceful close for keep-alive clients: from the call on, no new connection is accepted, every answer not yet begun
 * says `Connection: close` (so a busy keep-alive connection ends after its answer instead of taking the next request),
 * idle connections are closed at once and as soon as their answer is sent, and what is in flight is finished.
 * Resolves when the last connection has gone.
 */
function drainOnClose(server: Server): () => Promise<void> {
  let draining = false;
  const unanswered = new Set<ServerResponse>();
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) response.setHeader('Connection', 'close');
    unanswered.add(response);
    response.once('close', () => {
      unanswered.delete(response);
      // An answer begun before the close still promised keep-alive: its connection goes as soon as it is idle.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return () => {
    draining = true;
    for (const response of unanswered) if (!response.headersSent) response.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    return closed;
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
