import { createMetrics } from '../../http/metrics';
import { portalTraffic } from '../../sheets/portal-traffic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { loadConfig } from '../../config';
import { createStore } from '../../store';
import type { Store } from '../../store/types';
import type { Services } from '../../services';
import { ensureAdmin, signUp } from './account-service';
import { hashPassword } from './passwords';
import { jsonErrors } from '../../http/errors';
import { requireAdmin } from './admin-auth';

const ADMIN = { email: 'root@hiregate.test', password: 'Root#Pass1' };
const SECOND_ADMIN = { email: 'second@hiregate.test', password: 'Second#Pass1' };
const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

describe('requireAdmin middleware', () => {
  let dataDir: string;
  let store: Store;
  let server: Server;
  let url: string;
  let services: Services;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-admin-auth-'));
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'silent' });
    store = await createStore(config);
    services = {
      config,
      store,
      logger: pino({ level: 'silent' }),
      mailer: { kind: 'outbox', send: () => Promise.resolve(), close: () => undefined },
      metrics: createMetrics(),
      portal: portalTraffic(store.limiters, config.portalFetchesPerMinute),
      papers: undefined as unknown as Services['papers'],
      storeWatch: undefined as unknown as Services['storeWatch'],
      requireAdmin: () => {
        throw new Error('not used here');
      },
      lifecycle: { draining: false, onClose: [] },
    };
    await ensureAdmin(services, ADMIN.email, ADMIN.password);
    await ensureAdmin(services, SECOND_ADMIN.email, SECOND_ADMIN.password);
    await signUp(services, { email: 'user@hiregate.test', firstName: 'User', password: 'User#Pass1' });
    const app = new Koa();
    app.use(jsonErrors);
    app.use(requireAdmin(services));
    app.use((ctx) => {
      ctx.body = { admin: ctx.state.admin?.email };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/data/anything`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets an administrator through and names them to the route', async () => {
    const response = await fetch(url, { headers: basic(ADMIN.email.toUpperCase(), ADMIN.password) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ admin: ADMIN.email });
  });

  it.each([
    ['no credentials', {}, 401, 'Sign in with an administrator e-mail and password.', 'UNAUTHORIZED'],
    ['a wrong password', basic(ADMIN.email, 'Wrong#Pass1'), 401, 'Invalid email or password.', 'UNAUTHORIZED'],
    [
      'an unknown e-mail',
      basic('nobody@hiregate.test', 'Wrong#Pass1'),
      401,
      'Invalid email or password.',
      'UNAUTHORIZED',
    ],
    [
      'a signed-up user who is not an admin',
      basic('user@hiregate.test', 'User#Pass1'),
      403,
      'This account is not an administrator.',
      'FORBIDDEN',
    ],
  ])('refuses %s', async (_, headers, status, message, code) => {
    const response = await fetch(url, { headers });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ success: false, message, code });
  });

  it('refuses credentials no account can have (an e-mail over 254 characters) without trying them', async () => {
    const response = await fetch(url, { headers: basic(`${'a'.repeat(250)}@hiregate.test`, 'Wrong#Pass1') });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Invalid email or password.',
      code: 'UNAUTHORIZED',
    });
  });

  it('tries at most 5 of 60 parallel wrong passwords; the admin gets in after the wait they are told', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => fetch(url, { headers: basic(SECOND_ADMIN.email, `Guess#${i}xx`) })),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(55);
    const refused = guesses.find((response) => response.status === 429)!;
    expect((await refused.json()) as unknown).toEqual({
      success: false,
      message: expect.stringMatching(
        /^Too many failed sign-in attempts\. Please wait \d+ seconds? and try again\.$/,
      ) as unknown,
      code: 'RATE_LIMITED',
    });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    const admin = await fetch(url, { headers: basic(SECOND_ADMIN.email, SECOND_ADMIN.password) });
    expect(await admin.json()).toEqual({ admin: SECOND_ADMIN.email });
  });

  it('trusts verified credentials for a while without checking the store again', async () => {
    // An administrator of its own: changing the password must not touch what the other tests sign in with.
    const own = { email: 'cached@hiregate.test', password: 'Cached#Pass1' };
    await ensureAdmin(services, own.email, own.password);
    expect((await fetch(url, { headers: basic(own.email, own.password) })).status).toBe(200);
    const user = await store.users.findByEmail(own.email);
    await store.users.updatePassword(user!.id, await hashPassword('Changed#Pass1'));
    expect((await fetch(url, { headers: basic(own.email, own.password) })).status).toBe(200);
    expect((await fetch(url, { headers: basic(own.email, 'Changed#Pass1') })).status).toBe(200);
  });
});
