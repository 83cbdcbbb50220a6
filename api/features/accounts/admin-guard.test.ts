import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { loadConfig } from '../../config';
import type { Store } from '../../store/types';
import { authenticate, signUp, type AccountDeps } from './account-service';
import { hashPassword } from './passwords';
import { jsonErrors } from '../../http/errors';
import { createAdminGuard, type AdminGuard } from '../../access/admin-guard';
import { basicAuth, buildAdmin, buildStore, type BuiltStore } from '../../../test/support/builders';

/** A route behind the guard that names the administrator it let through, on a free port. */
async function guardedRoute(guard: Pick<AdminGuard, 'requireAdmin'>): Promise<{ server: Server; url: string }> {
  const app = new Koa();
  app.use(jsonErrors());
  app.use(guard.requireAdmin());
  app.use((ctx) => {
    ctx.body = { admin: ctx.state.admin?.email };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/data/anything` };
}

const ADMIN = { email: 'root@hiregate.test', password: 'Root#Pass1' };
const SECOND_ADMIN = { email: 'second@hiregate.test', password: 'Second#Pass1' };

describe('requireAdmin middleware', () => {
  let built: BuiltStore;
  let store: Store;
  let server: Server;
  let url: string;
  let services: AccountDeps;

  beforeAll(async () => {
    built = await buildStore();
    store = built.store;
    const config = loadConfig({ DATA_DIR: built.dataDir, DEMO: 'false', LOG_LEVEL: 'silent' });
    services = {
      config,
      store,
      logger: pino({ level: 'silent' }),
      mailer: { kind: 'outbox', send: () => Promise.resolve(), close: () => undefined },
    };
    await buildAdmin(store, ADMIN);
    await buildAdmin(store, SECOND_ADMIN);
    await signUp(services, { email: 'user@hiregate.test', firstName: 'User', password: 'User#Pass1' });
    ({ server, url } = await guardedRoute(
      createAdminGuard({
        limiters: store.limiters,
        secret: config.secret,
        authenticate: (email, password) => authenticate(store, email, password),
      }),
    ));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await built?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets an administrator through and names them to the route', async () => {
    const response = await fetch(url, { headers: basicAuth(ADMIN.email.toUpperCase(), ADMIN.password) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ admin: ADMIN.email });
  });

  it.each([
    ['no credentials', {}, 401, 'Sign in with an administrator e-mail and password.', 'UNAUTHORIZED'],
    ['a wrong password', basicAuth(ADMIN.email, 'Wrong#Pass1'), 401, 'Invalid email or password.', 'UNAUTHORIZED'],
    [
      'an unknown e-mail',
      basicAuth('nobody@hiregate.test', 'Wrong#Pass1'),
      401,
      'Invalid email or password.',
      'UNAUTHORIZED',
    ],
    [
      'a signed-up user who is not an admin',
      basicAuth('user@hiregate.test', 'User#Pass1'),
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
    const response = await fetch(url, { headers: basicAuth(`${'a'.repeat(250)}@hiregate.test`, 'Wrong#Pass1') });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Invalid email or password.',
      code: 'UNAUTHORIZED',
    });
  });

  it('tries at most 5 of 60 parallel wrong passwords; the admin gets in after the wait they are told', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => fetch(url, { headers: basicAuth(SECOND_ADMIN.email, `Guess#${i}xx`) })),
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
    // The wait passes on the clock the limits read (Date), rather than being waited out.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + wait * 1000);
    const admin = await fetch(url, { headers: basicAuth(SECOND_ADMIN.email, SECOND_ADMIN.password) });
    expect(await admin.json()).toEqual({ admin: SECOND_ADMIN.email });
  });

  it('trusts verified credentials for a while without checking the store again', async () => {
    // An administrator of its own: changing the password must not touch what the other tests sign in with.
    const own = { email: 'cached@hiregate.test', password: 'Cached#Pass1' };
    await buildAdmin(store, own);
    expect((await fetch(url, { headers: basicAuth(own.email, own.password) })).status).toBe(200);
    const user = await store.users.findByEmail(own.email);
    await store.users.updatePassword(user!.id, await hashPassword('Changed#Pass1'));
    expect((await fetch(url, { headers: basicAuth(own.email, own.password) })).status).toBe(200);
    expect((await fetch(url, { headers: basicAuth(own.email, 'Changed#Pass1') })).status).toBe(200);
  });
});

describe('the admin guard after the store changed under the instance (a restore)', () => {
  const OWN = { email: 'restored@hiregate.test', password: 'Restored#Pass1' };
  let built: BuiltStore;
  let guard: AdminGuard;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    built = await buildStore();
    await buildAdmin(built.store, OWN);
    // A guard of its own: its throttle counts only what these tests do.
    guard = createAdminGuard({
      limiters: built.store.limiters,
      secret: 'restore-test-secret',
      authenticate: (email, password) => authenticate(built.store, email, password),
    });
    ({ server, url } = await guardedRoute(guard));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await built?.close();
  });

  const signIn = (email: string, password: string) => fetch(url, { headers: basicAuth(email, password) });

  it('no longer trusts credentials verified against the old store', async () => {
    expect((await signIn(OWN.email, OWN.password)).status).toBe(200);
    // The restored store holds another password.
    const user = await built.store.users.findByEmail(OWN.email);
    await built.store.users.updatePassword(user!.id, await hashPassword('Older#Pass1'));
    expect((await signIn(OWN.email, OWN.password)).status).toBe(200);
    await guard.storeChanged({ collections: ['results'], since: new Date() });
    expect((await signIn(OWN.email, OWN.password)).status).toBe(401);
    expect((await signIn(OWN.email, 'Older#Pass1')).status).toBe(200);
    await built.store.users.updatePassword(user!.id, await hashPassword(OWN.password));
    await guard.storeChanged({ collections: ['users'], since: new Date() });
  });

  it.each([
    ['the e-mail', (attempt: number) => `Wrong#Pass${attempt}`, () => OWN.email],
    ['the address', () => 'Wrong#Pass1', (attempt: number) => `nobody${attempt}@hiregate.test`],
  ])('forgives the failures since a change of the accounts, throttling %s', async (_what, password, email) => {
    // The accounts went away under the instance (what an earlier test verified is not trusted either): every admin
    // call fails, then is throttled.
    const since = new Date();
    await guard.storeChanged({ collections: ['results'], since });
    let attempt = 0;
    let last: Response;
    do last = await signIn(email(++attempt), password(attempt));
    while (last.status === 401 && attempt < 50);
    expect(last.status).toBe(429);
    expect((await signIn(OWN.email, OWN.password)).status).toBe(429);
    // A change of another collection is not what failed them.
    await guard.storeChanged({ collections: ['results'], since });
    expect((await signIn(OWN.email, OWN.password)).status).toBe(429);

    await guard.storeChanged({ collections: ['users'], since });
    expect((await signIn(OWN.email, OWN.password)).status).toBe(200);
  });
});
