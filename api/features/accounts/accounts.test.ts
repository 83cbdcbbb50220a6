import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jwtVerify } from 'jose';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { startMailbox, type Mailbox } from '../../../test/support/mailbox';
import { adminCredentials, basicAuth } from '../../../test/support/builders';
import { eventually } from '../../../test/support/eventually';

const CLIENT_CODE = 'test-client';
const SECRET = 'accounts-test-secret-0123456789';
const ADMIN = adminCredentials();

function call(
  server: TestServer,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; method?: string } = {},
) {
  return fetch(server.url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', 'x-client-code': CLIENT_CODE, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/**
 * The storage lane: nedb files by default; with MONGODB_URI set, MongoDB with a fresh database for each server so
 * runs never see each other's accounts.
 */
let databases = 0;
function storeLane(): Record<string, string> {
  const uri = process.env.MONGODB_URI;
  if (!uri) return {};
  const url = new URL(uri);
  url.pathname = `/hiregate_accounts_${process.pid}_${Date.now()}_${(databases += 1)}`;
  return { MONGODB_URI: url.toString() };
}

/**
 * The real server with its own mailbox, an administrator and this file's client code, for one describe block:
 * `server()` and `mailbox()` are ready inside its tests.
 */
function serverForBlock(env: Record<string, string>) {
  let server: TestServer | undefined;
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({
      ...storeLane(),
      CLIENT_CODE,
      SMTP_URL: mailbox.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    });
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the server of this block did not start');
    return value;
  };
  return { server: () => ready(server), mailbox: () => ready(mailbox) };
}

describe('accounts API on the real server', () => {
  const running = serverForBlock({ VERIFY_SECRET: SECRET, APP_ORIGIN: 'https://hiregate.test' });

  it('signs up, logs in, resets the password through the e-mailed link, and logs in with the new one', async () => {
    const email = 'Asha.Verma@example.com';
    const signup = await call(running.server(), '/api/signup', {
      body: { email, firstName: 'Asha', password: 'First#Pass1' },
    });
    expect(signup.status).toBe(201);
    expect(await signup.json()).toMatchObject({
      success: true,
      data: { email: 'asha.verma@example.com', firstName: 'Asha' },
    });

    const login = await call(running.server(), '/auth/login', { body: { username: email, password: 'First#Pass1' } });
    const session = (await login.json()) as { data: { accessToken: string; id: string } };
    expect(session).toMatchObject({ status: 'SUCCESS', data: { userType: 'user', firstName: 'Asha' } });
    expect(JSON.stringify(session)).not.toMatch(/First#Pass1|scrypt/);
    const { payload } = await jwtVerify(session.data.accessToken, new TextEncoder().encode(SECRET));
    expect(payload).toMatchObject({ sub: session.data.id, userType: 'user' });
    expect(payload.exp! - payload.iat!).toBe(12 * 3600);

    const forgot = await call(running.server(), '/api/auth/forgot', { body: { email } });
    expect(forgot.status).toBe(200);
    const mail = await running.mailbox().next('asha.verma@example.com');
    const [, token = '', clientCode = ''] =
      /https:\/\/hiregate\.test\/pwdreset\/([\w-]+)\?clientCode=([\w-]+)/.exec(mail.body) ?? [];
    expect(clientCode).toBe(CLIENT_CODE);

    const reset = await call(running.server(), '/api/auth/resetpwd', {
      headers: { authorization: `Bearer ${token}`, 'x-client-code': clientCode },
      body: { email, pwd: 'Second#Pass2', cnfpwd: 'Second#Pass2', token },
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ success: true, message: 'Password reseted successfully.' });

    const oldLogin = await call(running.server(), '/auth/login', {
      body: { username: email, password: 'First#Pass1' },
    });
    expect(await oldLogin.json()).toMatchObject({ status: 'FAILED' });
    const newLogin = await call(running.server(), '/auth/login', {
      body: { username: email, password: 'Second#Pass2' },
    });
    expect(await newLogin.json()).toMatchObject({ status: 'SUCCESS' });

    const replay = await call(running.server(), '/api/auth/resetpwd', {
      headers: { authorization: `Bearer ${token}` },
      body: { email, pwd: 'Third#Pass3', cnfpwd: 'Third#Pass3', token },
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({
      notify: { message: 'This reset link is invalid or has expired. Please request a new one.' },
    });
  });

  it('answers a reset request for an unknown address exactly as for a known one, and sends nothing', async () => {
    await call(running.server(), '/api/signup', {
      body: { email: 'known@example.com', firstName: 'Known', password: 'Known#Pass1' },
    });
    const unknown = await call(running.server(), '/api/auth/forgot', { body: { email: 'nobody@example.com' } });
    const known = await call(running.server(), '/api/auth/forgot', { body: { email: 'known@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    // Mails leave in the order they are asked for: once the one asked for after is in, none is on its way before it.
    await running.mailbox().next('known@example.com');
    expect(running.mailbox().received.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it.each([
    ['/api/signup', { email: 'a@b.co', firstName: 'Abc', password: 'Good#Pass1' }],
    ['/auth/login', { username: 'a@b.co', password: 'x' }],
    ['/api/auth/forgot', { email: 'a@b.co' }],
    ['/api/auth/resetpwd', { email: 'a@b.co', pwd: 'Good#Pass1', cnfpwd: 'Good#Pass1', token: 't' }],
  ])('refuses %s with a missing or wrong client code (400)', async (path, body) => {
    for (const headers of [{ 'x-client-code': '' }, { 'x-client-code': 'someone-else' }]) {
      const response = await call(running.server(), path, { body, headers });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Invalid client code.' });
    }
  });

  it.each([
    [{ firstName: 'Al' }, 'Must be at least 3 characters long'],
    [{ firstName: 'A'.repeat(30) }, 'Must be less than 30 characters long'],
    [{ firstName: '' }, 'This field is required'],
    [{ email: 'not-an-email' }, 'Email is not valid'],
    [{ email: 'a@b.c' }, 'Email is not valid'],
    [{ password: 'NoSpecial1' }, 'Must contain a special character'],
    [{ password: 'nocapital#1' }, 'Must contain a capital letter'],
    [{ password: 'NOSMALL#1' }, 'Must contain a small letter'],
    [{ password: 'NoDigit#here' }, 'Must contain a number digit'],
    [{ password: 'Sh#rt1' }, 'Must be at least 8 characters long'],
    [{ password: 'Long#Pass1' + 'x'.repeat(20) }, 'Must be less than 30 characters long'],
  ])('rejects sign-up %o with "%s"', async (change, message) => {
    const body = { email: 'valid@example.com', firstName: 'Valid', password: 'Valid#Pass1', ...change };
    const response = await call(running.server(), '/api/signup', { body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message, notify: { message } });
  });

  it('refuses a second account for the same e-mail in any letter case with 409 Email already exists', async () => {
    const body = { email: 'twice@example.com', firstName: 'Twice', password: 'Twice#Pass1' };
    expect((await call(running.server(), '/api/signup', { body })).status).toBe(201);
    const again = await call(running.server(), '/api/signup', { body: { ...body, email: 'TWICE@example.com' } });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      message: 'Email already exists',
      notify: { message: 'Email already exists' },
    });
  });

  it('answers a wrong password and an unknown user with the same FAILED answer', async () => {
    for (const body of [
      { username: 'twice@example.com', password: 'Wrong#Pass1' },
      { username: 'ghost@example.com', password: 'Wrong#Pass1' },
    ]) {
      const response = await call(running.server(), '/auth/login', { body });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        status: 'FAILED',
        data: null,
        message: 'Username or password is incorrect.',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('rejects reset requests with mismatching, invalid or too long passwords and bad tokens', async () => {
    const reset = (body: Record<string, string>, token = 'not-a-real-token') =>
      call(running.server(), '/api/auth/resetpwd', {
        headers: { authorization: `Bearer ${token}` },
        body: { email: 'known@example.com', pwd: 'Reset#Pass1', cnfpwd: 'Reset#Pass1', ...body },
      });
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ cnfpwd: 'Other#Pass1' }, 400, "Confirm Password didn't match."],
      [{ pwd: 'Long#Pass1' + 'x'.repeat(20) }, 400, 'Must be less than 30 chatacters long'],
      [{ pwd: 'nocapital#1' }, 400, 'Must contain a capital letter'],
      [{ email: 'bad' }, 400, 'Email is not valid'],
      [{}, 401, 'This reset link is invalid or has expired. Please request a new one.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await reset(body);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ notify: { message } });
    }
  });

  it('confirms admin credentials and refuses missing, wrong and non-admin ones with 401', async () => {
    const ok = await call(running.server(), '/api/data/check-credentials', {
      headers: ADMIN.headers,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, message: 'Login successful!' });

    const refusals = [
      {},
      basicAuth(ADMIN.email, 'Wrong#Pass1'),
      basicAuth('known@example.com', 'Known#Pass1'),
      { authorization: 'Bearer something' },
    ];
    for (const headers of refusals) {
      const response = await call(running.server(), '/api/data/check-credentials', { headers });
      expect(response.status).toBe(401);
      expect((await response.json()) as unknown).toMatchObject({
        success: false,
        message: expect.any(String) as unknown,
      });
    }
  });

  it.each([
    ['/api/signup', { email: ['a@b.co'], firstName: 'Abc', password: 'Good#Pass1' }, 'email'],
    ['/api/signup', { email: 'a@b.co', firstName: { $ne: null }, password: 'Good#Pass1' }, 'firstName'],
    ['/auth/login', { username: { $gt: '' }, password: 'x' }, 'username'],
    ['/auth/login', { username: 'a@b.co', password: { $gt: '' } }, 'password'],
    ['/api/auth/forgot', { email: { $regex: '.*' } }, 'email'],
    ['/api/auth/resetpwd', { email: 'a@b.co', pwd: 'Good#Pass1', cnfpwd: 'Good#Pass1', token: ['t'] }, 'token'],
  ])('answers %s with a non-text field (%j) with 400 naming the field', async (path, body, field) => {
    const response = await call(running.server(), path, { body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: `${field}: Must be text`,
      notify: { message: `${field}: Must be text` },
      errors: { [field]: 'Must be text' },
    });
  });

  it('takes e-mail addresses of up to 254 characters (RFC 5321) and refuses longer ones before storing anything', async () => {
    const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    const signUp = (email: string) =>
      call(running.server(), '/api/signup', { body: { email, firstName: 'Long', password: 'Long#Pass1' } });
    expect((await signUp(address(254))).status).toBe(201);
    const tooLong = await signUp(address(255));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ message: 'Must be at most 254 characters long' });
    const huge = await signUp(address(7 * 1024 * 1024));
    expect(huge.status).toBe(400);
    const forgot = await call(running.server(), '/api/auth/forgot', { body: { email: address(255) } });
    expect(forgot.status).toBe(400);
    const login = await call(running.server(), '/auth/login', {
      body: { username: address(255), password: 'Long#Pass1' },
    });
    expect(login.status).toBe(400);
  });

  it('refuses NUL, control characters and lone surrogates in names, e-mails and passwords', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ firstName: 'Asha\u0000' }, 'Must not contain control characters'],
      [{ firstName: 'As\u0007ha' }, 'Must not contain control characters'],
      [{ email: 'as\u0000ha@example.com' }, 'Must not contain control characters'],
      [{ password: 'Valid#Pass1\uD800' }, 'Must be valid text'],
      [{ firstName: 'Asha\uDFFF' }, 'Must be valid text'],
    ];
    for (const [change, message] of cases) {
      const body = { email: 'text@example.com', firstName: 'Valid', password: 'Valid#Pass1', ...change };
      const response = await call(running.server(), '/api/signup', { body });
      expect([change, response.status, ((await response.json()) as { message: string }).message]).toEqual([
        change,
        400,
        message,
      ]);
    }
  });
});

/**
 * Limits per client address, measured behind a trusted proxy (one hop): each test names its own client address as
 * the entry the proxy appended to X-Forwarded-For, so the tests do not share a budget.
 */
describe('account limits behind a trusted proxy', () => {
  const running = serverForBlock({ TRUST_PROXY: 'true' });

  const from = (client: string, headers: Record<string, string> = {}) => ({
    'x-forwarded-for': `10.9.8.7, ${client}`,
    ...headers,
  });
  const statusCounts = (responses: Response[]) =>
    responses.reduce<Record<number, number>>(
      (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    );
  /** Passes the wait a 429 names on the clock the limits read (Date), rather than waiting it out. */
  const afterRetry = (response: Response) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + Number(response.headers.get('retry-after')) * 1000);
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets at most 10 of 200 parallel wrong passwords for one e-mail be tried; the owner signs in after the wait', async () => {
    const target = 'guessed@hiregate.test';
    const owner = { username: target, password: 'Guessed#Pass1' };
    const signUp = await call(running.server(), '/api/signup', {
      headers: from('203.0.113.10'),
      body: { email: target, firstName: 'Guessed', password: owner.password },
    });
    expect(signUp.status).toBe(201);
    // Spread over addresses, as a botnet would, so only the e-mail's own limit can stop them.
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(running.server(), '/auth/login', {
          headers: from(`198.51.100.${i % 50}`),
          body: { username: target, password: `Guess#${i}xx` },
        }),
      ),
    );
    expect(statusCounts(guesses)).toEqual({ 401: 10, 429: 190 });
    const refused = guesses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()) as unknown).toMatchObject({
      status: 'FAILED',
      message: expect.stringMatching(
        /^Too many failed sign-in attempts\. Please wait \d+ seconds? and try again\.$/,
      ) as unknown,
    });

    const tooSoon = await call(running.server(), '/auth/login', { headers: from('203.0.113.10'), body: owner });
    expect(tooSoon.status).toBe(429);
    afterRetry(tooSoon);
    const signedIn = await call(running.server(), '/auth/login', { headers: from('203.0.113.10'), body: owner });
    expect(await signedIn.json()).toMatchObject({ status: 'SUCCESS' });
    // The success forgave the e-mail: a typo right after is an ordinary failure, not a wait.
    const typo = await call(running.server(), '/auth/login', {
      headers: from('203.0.113.10'),
      body: { ...owner, password: 'Typo' },
    });
    expect(typo.status).toBe(401);
  });

  it('lets at most 5 of 200 parallel wrong admin passwords be tried, and the real admin still gets in', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(running.server(), '/api/data/check-credentials', {
          headers: from(`192.0.2.${i % 50}`, basicAuth(ADMIN.email, `Guess#${i}xx`)),
        }),
      ),
    );
    expect(statusCounts(guesses)).toEqual({ 401: 5, 429: 195 });
    const admin = () =>
      call(running.server(), '/api/data/check-credentials', {
        headers: from('203.0.113.20', ADMIN.headers),
      });
    const tooSoon = await admin();
    if (tooSoon.status === 429) afterRetry(tooSoon);
    expect((await admin()).status).toBe(200);
  });

  it('doubles the wait after each further failure', async () => {
    const target = 'slowed@hiregate.test';
    const attempt = () =>
      call(running.server(), '/auth/login', {
        headers: from('203.0.113.30'),
        body: { username: target, password: 'Wrong#1x' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const first = await attempt();
    expect(first.status).toBe(429);
    afterRetry(first);
    expect((await attempt()).status).toBe(401);
    const second = await attempt();
    expect(second.status).toBe(429);
    expect([first, second].map((refused) => Number(refused.headers.get('retry-after')))).toEqual([5, 10]);
  });

  it('ignores the X-Forwarded-For entries a client writes itself', async () => {
    const spray = (i: number) =>
      call(running.server(), '/api/data/check-credentials', {
        headers: {
          'x-forwarded-for': `203.0.113.${100 + i}, 198.18.0.1`,
          ...basicAuth(`spray${i}@example.com`, 'Spray#Pass1'),
        },
      });
    for (let i = 0; i < 20; i++) expect((await spray(i)).status).toBe(401);
    expect((await spray(20)).status).toBe(429);
  });

  it('lets the owner in at once after a password reset, whatever failures came before', async () => {
    const email = 'forgetful@hiregate.test';
    const headers = from('203.0.113.60');
    await call(running.server(), '/api/signup', {
      headers,
      body: { email, firstName: 'Forgetful', password: 'Forgot#Pass1' },
    });
    const attempt = (password: string) =>
      call(running.server(), '/auth/login', { headers, body: { username: email, password } });
    for (let i = 0; i < 10; i++) expect((await attempt(`Wrong#${i}xx`)).status).toBe(401);
    expect((await attempt('Forgot#Pass1')).status).toBe(429);
    await call(running.server(), '/api/auth/forgot', { headers, body: { email } });
    const token = /\/pwdreset\/([\w-]+)\?/.exec((await running.mailbox().next(email)).body)![1];
    const reset = await call(running.server(), '/api/auth/resetpwd', {
      headers,
      body: { email, pwd: 'Fresh#Pass2', cnfpwd: 'Fresh#Pass2', token },
    });
    expect(reset.status).toBe(200);
    expect(await (await attempt('Fresh#Pass2')).json()).toMatchObject({ status: 'SUCCESS' });
  });

  it('sends at most 3 reset mails to one address however many requests ask for it', async () => {
    const email = 'flooded@hiregate.test';
    const askedAfter = 'asked-after@hiregate.test';
    for (const address of [email, askedAfter]) {
      await call(running.server(), '/api/signup', {
        headers: from('203.0.113.40'),
        body: { email: address, firstName: 'Flooded', password: 'Flooded#Pass1' },
      });
    }
    const requests = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(running.server(), '/api/auth/forgot', { headers: from(`198.51.100.${100 + i}`), body: { email } }),
      ),
    );
    expect(statusCounts(requests)).toEqual({ 200: 3, 429: 37 });
    expect((await requests.find((response) => response.status === 429)!.json()) as unknown).toMatchObject({
      notify: {
        message: expect.stringMatching(
          /^Too many password reset requests\. Please wait \d+ minutes and try again\.$/,
        ) as unknown,
      },
    });
    const flooded = () => running.mailbox().received.filter((mail) => mail.to.includes(email));
    await eventually(() => flooded().length >= 3, { what: `3 mails to ${email}` });
    // Mails leave in the order they are asked for: once one asked for after all 40 is in, none of theirs is on its way.
    await call(running.server(), '/api/auth/forgot', { headers: from('203.0.113.40'), body: { email: askedAfter } });
    await running.mailbox().next(askedAfter);
    expect(flooded()).toHaveLength(3);
  });

  it('limits sign-ups and reset requests per client address', async () => {
    const signUps = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(running.server(), '/api/signup', {
          headers: from('203.0.113.50'),
          body: { email: `many${i}@hiregate.test`, firstName: 'Many', password: 'Many#Pass1' },
        }),
      ),
    );
    expect(statusCounts(signUps)).toEqual({ 201: 20, 429: 5 });
    const resets = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(running.server(), '/api/auth/forgot', {
          headers: from('203.0.113.51'),
          body: { email: `nobody${i}@hiregate.test` },
        }),
      ),
    );
    expect(statusCounts(resets)).toEqual({ 200: 20, 429: 5 });
  });
});

describe('client address behind two proxies (TRUST_PROXY_HOPS=2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...storeLane(), CLIENT_CODE, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes the entry the outer proxy appended, whatever the client wrote and whichever inner node forwarded', async () => {
    const spray = (i: number) =>
      call(server, '/api/data/check-credentials', {
        headers: {
          'x-forwarded-for': `203.0.113.${i}, 198.18.0.2, 10.0.0.${i}`,
          ...basicAuth(`spray${i}@example.com`, 'Spray#Pass1'),
        },
      });
    for (let i = 0; i < 20; i++) expect((await spray(i)).status).toBe(401);
    expect((await spray(20)).status).toBe(429);
  });
});

describe('admin throttling per client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ...storeLane(),
      CLIENT_CODE,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('locks the address out after 20 failures across different e-mails', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await call(server, '/api/data/check-credentials', {
        headers: basicAuth(`spray${attempt}@example.com`, 'Spray#Pass1'),
      });
      expect(response.status).toBe(401);
    }
    const blocked = await call(server, '/api/data/check-credentials', { headers: ADMIN.headers });
    expect(blocked.status).toBe(429);
  });
});
