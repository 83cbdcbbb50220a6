import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../test/support/fixture-server';
import { startTestServer, type TestServer } from '../test/support/server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Answer {
  status: number;
  connection: string | undefined;
  body: Buffer;
}

/** A GET on a keep-alive agent. Fails with `midResponse` if the connection broke after the answer had begun. */
function get(agent: http.Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('aborted', () => reject(Object.assign(new Error('reset mid-response'), { midResponse: true })));
      response.on('end', () =>
        resolve({ status: response.statusCode!, connection: response.headers.connection, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
  });
}

describe('closing the server (what SIGTERM runs)', () => {
  let fixtures: FixtureServer;
  let server: TestServer;
  let agent: http.Agent;
  let slowArrived: Promise<void>;
  let portalDelayMs: number;
  const slowImage = (query = '') =>
    `${server.url}/api/images?${new URLSearchParams({ src: `${fixtures.origin}/slow.png${query}` })}`;

  beforeEach(async () => {
    fixtures = await startFixtureServer();
    portalDelayMs = 300;
    slowArrived = new Promise((arrived) => {
      fixtures.route('/slow.png', (_req, res) => {
        arrived();
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG), portalDelayMs);
      });
    });
    server = await startTestServer({ RESPONSE_SHEET_HOSTS: fixtures.host });
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(async () => {
    agent.destroy();
    await fixtures.close();
  });

  it('finishes the answer in flight with Connection: close, then refuses new connections, and resolves', async () => {
    const warm = await get(agent, `${server.url}/api/health`);
    expect(warm).toMatchObject({ status: 200, connection: 'keep-alive' });

    // The same keep-alive connection (one socket) now waits on a slow portal image.
    const slow = get(agent, slowImage());
    await slowArrived;
    const closing = server.close();

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('close');
    expect(answer.body.equals(PNG)).toBe(true);
    await expect(get(agent, `${server.url}/api/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(closing).resolves.toBeUndefined();
  });

  it('stops serving keep-alive clients that keep sending: each gets at most one more answer, then a refusal', async () => {
    // Every request waits on the portal (a new image each time, so none comes from the proxy's memory): at the close
    // each connection is most likely busy, the case where a keep-alive client used to go on being served.
    portalDelayMs = 30;
    const clients = 4;
    const busyAgent = new http.Agent({ keepAlive: true, maxSockets: clients });
    let closing: Promise<void> | undefined;
    const answeredAfterClose: number[] = [];
    const hammer = async (client: number) => {
      answeredAfterClose[client] = 0;
      for (let request = 0; request < 300; request++) {
        if (client === 0 && request === 20) closing = server.close();
        try {
          const answer = await get(busyAgent, slowImage(`?client=${client}&request=${request}`));
          expect(answer.status).toBe(200);
        } catch (error) {
          // Refused, not reset: the client knows nothing was sent and can go to another instance.
          expect(error).toMatchObject({ code: 'ECONNREFUSED' });
          return;
        }
        if (closing) answeredAfterClose[client]++;
      }
    };
    await Promise.all(Array.from({ length: clients }, (_, client) => hammer(client)));
    busyAgent.destroy();
    await closing;
    for (const count of answeredAfterClose) expect(count).toBeLessThanOrEqual(2);
  });
});
