import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startMongoServer, type RunningMongoServer } from '../../../test/mongo/server.mjs';
import { eventually } from '../../../test/support/eventually';
import { startTestServer, untilReady, type TestServer } from '../../../test/support/server';
import { StoreUnavailableError, type Store } from '../types';
import { databaseNameOf, openMongoStore, redactUri } from './mongo-store';

/** A loopback port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('MongoStore connection', () => {
  let server: RunningMongoServer | undefined;
  let store: Store | undefined;

  afterEach(async () => {
    await store?.close();
    await server?.stop();
    store = server = undefined;
  });

  it('gives up after its attempts with a message naming the server but not the password', async () => {
    const port = await freePort();
    const retries: number[] = [];
    const opening = openMongoStore(`mongodb://hiregate:s3cret@127.0.0.1:${port}/app`, {
      connectAttempts: 2,
      retryDelayMs: 10,
      deadlines: { operationMs: 200, bulkMs: 1_000 },
      onRetry: (attempt) => retries.push(attempt),
    });
    await expect(opening).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(opening).rejects.toThrow(
      `Could not reach MongoDB at mongodb://***@127.0.0.1:${port}/app after 2 attempts`,
    );
    await expect(opening).rejects.not.toThrow('s3cret');
    expect(retries).toEqual([1]);
  });

  it('waits for a server that starts late, and its health check follows the server going away', async () => {
    const port = await freePort();
    let failedAttempts = 0;
    const opening = openMongoStore(`mongodb://127.0.0.1:${port}`, {
      connectAttempts: 40,
      retryDelayMs: 250,
      deadlines: { operationMs: 300, bulkMs: 1_000 },
      onRetry: () => failedAttempts++,
    });
    await eventually(() => failedAttempts > 0, { what: 'an attempt to find no server' });
    server = await startMongoServer({ port });
    store = await opening;
    expect(await store.ping()).toBe(true);
    await server.stop();
    expect(await store.ping()).toBe(false);
  });
});

describe('the running server while MongoDB is away', () => {
  let mongo: RunningMongoServer | undefined;
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    await mongo?.stop();
    server = mongo = undefined;
  });

  it('answers a write 503 with Retry-After while MongoDB is down, and writes again once it is back', async () => {
    mongo = await startMongoServer();
    server = await startTestServer({ MONGODB_URI: `${mongo.uri}/outage`, CLIENT_CODE: 'outage-test' });
    const signUp = (email: string) =>
      fetch(`${server!.url}/api/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-code': 'outage-test' },
        body: JSON.stringify({ email, firstName: 'Asha', password: 'First#Pass1' }),
      });
    expect((await signUp('before@example.com')).status).toBe(201);

    await mongo.stop();
    const down = await signUp('during@example.com');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({
      message: 'HireGate cannot reach its database right now. Please try again in a few seconds.',
      code: 'STORE_UNAVAILABLE',
    });

    mongo = await startMongoServer({ port: mongo.port });
    await untilReady(server.url);
    expect((await signUp('after@example.com')).status).toBe(201);
  });
});

describe('MongoDB URIs', () => {
  it('reads the database name from the URI path', () => {
    expect(databaseNameOf('mongodb://db:27017/hiregate?retryWrites=true')).toBe('hiregate');
    expect(databaseNameOf('mongodb+srv://u:p@cluster.example.net/prod')).toBe('prod');
    expect(databaseNameOf('mongodb://db1:27017,db2:27017/?replicaSet=rs')).toBeUndefined();
    expect(databaseNameOf('mongodb://127.0.0.1:27017')).toBeUndefined();
  });

  it('hides credentials', () => {
    expect(redactUri('mongodb+srv://admin:pa55@cluster.example.net/prod')).toBe(
      'mongodb+srv://***@cluster.example.net/prod',
    );
    expect(redactUri('mongodb://127.0.0.1:27017/x')).toBe('mongodb://127.0.0.1:27017/x');
  });
});
