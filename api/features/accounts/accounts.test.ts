import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify } from 'jose';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { startMailbox, type Mailbox } from '../../../test/support/mailbox';

const CLIENT_CODE = 'test-client';
const SECRET = 'accounts-test-secret-0123456789';
const ADMIN = { email: 'admin@hiregate.test', password: 'Admin#2024' };

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

const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

describe('accounts API on the real server', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({
      ...storeLane(),
      CLIENT_CODE,
      VERIFY_SECRET: SECRET,
      SMTP_URL: mailbox.url,
      APP_ORIGIN: 'https://hiregate.test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  it('signs up, logs in, resets the password through the e-mailed link, and logs in with the new one', async () => {
    const email = 'Asha.Verma@example.com';
    const signup = await call(server, '/api/signup', { body: { email, firstName: 'Asha', password: 'First#Pass1' } });
    expect(signup.status).toBe(201);
    expect(await signup.json()).toMatchObject({
      success: true,
      data: { email: 'asha.verma@example.com', firstName: 'Asha' },
    });

    const login = await call(server, '/auth/login', { body: { username: email, password: 'First#Pass1' } });
    const session = await login.json();
    expect(session).toMatchObject({ status: 'SUCCESS', data: { userType: 'user', firstName: 'Asha' } });
    expect(JSON.stringify(session)).not.toMatch(/First#Pass1|scrypt/);
    const { payload } = await jwtVerify(session.data.accessToken, new TextEncoder().encode(SECRET));
    expect(payload).toMatchObject({ sub: session.data.id, userType: 'user' });
    expect(payload.exp! - payload.iat!).toBe(12 * 3600);

    const forgot = await call(server, '/api/auth/forgot', { body: { email } });
    expect(forgot.status).toBe(200);
    const mail = await mailbox.next('asha.verma@example.com');
    const link = /https:\/\/hiregate\.test\/pwdreset\/([\w-]+)\?clientCode=([\w-]+)/.exec(mail.body);
    expect(link?.[2]).toBe(CLIENT_CODE);
    const token = link![1];

    const reset = await call(server, '/api/auth/resetpwd', {
      headers: { authorization: `Bearer ${token}`, 'x-client-code': link![2] },
      body: { email, pwd: 'Second#Pass2', cnfpwd: 'Second#Pass2', token },
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ success: true, message: 'Password reseted successfully.' });

    const oldLogin = await call(server, '/auth/login', { body: { username: email, password: 'First#Pass1' } });
    expect(await oldLogin.json()).toMatchObject({ status: 'FAILED' });
    const newLogin = await call(server, '/auth/login', { body: { username: email, password: 'Second#Pass2' } });
    expect(await newLogin.json()).toMatchObject({ status: 'SUCCESS' });

    const replay = await call(server, '/api/auth/resetpwd', {
      headers: { authorization: `Bearer ${token}` },
      body: { email, pwd: 'Third#Pass3', cnfpwd: 'Third#Pass3', token },
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({
      notify: { message: 'This reset link is invalid or has expired. Please request a new one.' },
    });
  });

  it('answers a reset request for an unknown address exactly as for a known one, and sends nothing', async () => {
    await call(server, '/api/signup', {
      body: { email: 'known@example.com', firstName: 'Known', password: 'Known#Pass1' },
    });
    const known = await call(server, '/api/auth/forgot', { body: { email: 'known@example.com' } });
    const unknown = await call(server, '/api/auth/forgot', { body: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await mailbox.next('known@example.com');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.received.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it.each([
    ['/api/signup', { email: 'a@b.co', firstName: 'Abc', password: 'Good#Pass1' }],
    ['/auth/login', { username: 'a@b.co', password: 'x' }],
    ['/api/auth/forgot', { email: 'a@b.co' }],
    ['/api/auth/resetpwd', { email: 'a@b.co', pwd: 'Good#Pass1', cnfpwd: 'Good#Pass1', token: 't' }],
  ])('refuses %s with a missing or wrong client code (400)', async (path, body) => {
    for (const headers of [{ 'x-client-code': '' }, { 'x-client-code': 'someone-else' }]) {
      const response = await call(server, path, { body, headers });
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
    const response = await call(server, '/api/signup', { body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message, notify: { message } });
  });

  it('refuses a second account for the same e-mail in any letter case with 409 Email already exists', async () => {
    const body = { email: 'twice@example.com', firstName: 'Twice', password: 'Twice#Pass1' };
    expect((await call(server, '/api/signup', { body })).status).toBe(201);
    const again = await call(server, '/api/signup', { body: { ...body, email: 'TWICE@example.com' } });
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
      { username: '', password: '' },
    ]) {
      const response = await call(server, '/auth/login', { body });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        status: 'FAILED',
        data: null,
        message: 'Username or password is incorrect.',
      });
    }
  });

  it('rejects reset requests with mismatching, invalid or too long passwords and bad tokens', async () => {
    const reset = (body: Record<string, string>, token = 'not-a-real-token') =>
      call(server, '/api/auth/resetpwd', {
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
    const ok = await call(server, '/api/data/check-credentials', { headers: basic(ADMIN.email, ADMIN.password) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, message: 'Login successful!' });

    const refusals = [
      {},
      basic(ADMIN.email, 'Wrong#Pass1'),
      basic('known@example.com', 'Known#Pass1'),
      { authorization: 'Bearer something' },
    ];
    for (const headers of refusals) {
      const response = await call(server, '/api/data/check-credentials', { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('locks an e-mail out after 5 failed admin sign-ins, even for the right password', async () => {
    const target = 'locked@hiregate.test';
    await call(server, '/api/signup', { body: { email: target, firstName: 'Locked', password: 'Locked#Pass1' } });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call(server, '/api/data/check-credentials', {
        headers: basic(target, `Guess#${attempt}xx`),
      });
      expect(response.status).toBe(401);
    }
    const blocked = await call(server, '/api/data/check-credentials', { headers: basic(target, 'Locked#Pass1') });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await blocked.json()).message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    // Another account from the same address still gets in.
    const admin = await call(server, '/api/data/check-credentials', { headers: basic(ADMIN.email, ADMIN.password) });
    expect(admin.status).toBe(200);
  });

  it('locks an e-mail out of sign-in after 10 failures, even for the right password, while others sign in', async () => {
    const target = 'guessed@hiregate.test';
    await call(server, '/api/signup', { body: { email: target, firstName: 'Guessed', password: 'Guessed#Pass1' } });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call(server, '/auth/login', {
        body: { username: target, password: `Guess#${attempt}xx` },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await call(server, '/auth/login', { body: { username: target, password: 'Guessed#Pass1' } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.json()).toMatchObject({
      status: 'FAILED',
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    const other = await call(server, '/auth/login', { body: { username: ADMIN.email, password: ADMIN.password } });
    expect(await other.json()).toMatchObject({ status: 'SUCCESS' });
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
        headers: basic(`spray${attempt}@example.com`, 'Spray#Pass1'),
      });
      expect(response.status).toBe(401);
    }
    const blocked = await call(server, '/api/data/check-credentials', { headers: basic(ADMIN.email, ADMIN.password) });
    expect(blocked.status).toBe(429);
  });
});
