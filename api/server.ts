import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import { loadConfig, ConfigError, type Config } from './config';
import { createLogger } from './logger';
import { createStore, type Store } from './store';
import { embeddedCapacityWarning } from './store/embedded/capacity';
import { createApp } from './app';
import { ensureAdmin } from './features/accounts/account-service';
import { demoBanner, seedDemoPapers } from './demo';
import { maskedEmail } from './mail/masked-email';

export interface RunningServer {
  url: string;
  server: Server;
  /** The open store (tests seed papers and read results through it). */
  store: Store;
  /** Looks at the store now, as the store watch does every STORE_LOOK_MS (tests that change the store under it). */
  lookAtStore(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the store and listens; used by `npm start` and by tests (PORT=0 picks a free port). */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config);
  const store = await createStore(config);
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin({ store }, config.adminEmail, config.adminPassword);
    logger.info({ email: maskedEmail(config.adminEmail), outcome }, 'administrator from ADMIN_EMAIL ready');
  }
  if (config.demo) await seedDemoPapers(store);
  const overCapacity = await embeddedCapacityWarning(store);
  if (overCapacity) {
    logger.warn(
      overCapacity,
      'the embedded store holds more results than it serves well: set MONGODB_URI (see docs/operations.md)',
    );
  }
  const app = createApp(config, store, logger);
  app.start();
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.koa.listen(config.port, config.host, () => resolve(listening)).on('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  logger.info({ url, store: store.kind, version: config.version }, 'HireGate is listening');
  const drain = drainOnClose(server);
  return {
    url,
    server,
    store,
    lookAtStore: () => app.lookAtStore(),
    async close() {
      app.drain();
      await drain();
      await app.stop();
      await store.close();
    },
  };
}

/**
 * How long a connection idle at the close may still bring one more request (answered, with `Connection: close`).
 * A keep-alive client under load sends its next request within this; closing its connection at once would reset a
 * request already on the wire, while after its answer the client meets a refused connection and can go elsewhere.
 */
const IDLE_GRACE_MS = 250;

/**
 * Graceful close for keep-alive clients: from the call on, no new connection is accepted, every answer not yet begun
 * says `Connection: close` (so a keep-alive connection ends after its answer instead of taking the next request),
 * connections still idle after IDLE_GRACE_MS are closed, and what is in flight is finished. Resolves when the last
 * connection has gone.
 */
function drainOnClose(server: Server): () => Promise<void> {
  let state: 'open' | 'draining' | 'sweeping' = 'open';
  const unanswered = new Set<ServerResponse>();
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (state !== 'open') response.setHeader('Connection', 'close');
    unanswered.add(response);
    response.once('close', () => {
      unanswered.delete(response);
      // An answer begun before the close still promised keep-alive: its connection goes as soon as it is idle.
      if (state === 'sweeping') setImmediate(() => server.closeIdleConnections());
    });
  });
  return () => {
    state = 'draining';
    for (const response of unanswered) if (!response.headersSent) response.setHeader('Connection', 'close');
    // net.Server's close stops accepting; http.Server's would also drop idle connections at once, with no grace.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    const sweep = setTimeout(() => {
      state = 'sweeping';
      server.close(); // now: closes idle connections and stops http.Server's timeout checks
    }, IDLE_GRACE_MS);
    return closed.finally(() => {
      clearTimeout(sweep);
      if (state === 'draining') server.close(); // stops http.Server's timeout checks, which would keep it in memory
    });
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
