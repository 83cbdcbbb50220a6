import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { gotoRoute } from './public-support';

const ADMIN = { email: 'admin@hiregate.test', password: 'Admin#2024' };

/** The user session the app persists under 'root' (redux-persist's shape: each slice a JSON string). */
async function persistedRoot(page: Page): Promise<{ auth?: string; _persist?: string }> {
  const text = await page.evaluate(() => localStorage.getItem('root'));
  return JSON.parse(text ?? '{}') as { auth?: string; _persist?: string };
}

describe('account screens', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const toast = (text: string) => page.locator('.Toastify__toast', { hasText: text });

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({
      DIST_DIR: process.env.DIST_DIR,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: mailbox.url,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await mailbox?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  async function fill(label: string, value: string) {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(value);
    await field.blur();
  }

  async function expectFieldError(label: string, message: string) {
    const field = page.getByLabel(label, { exact: true });
    const describedBy = await field.getAttribute('aria-describedby');
    expect(describedBy, `${label} has no error`).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(message);
  }

  it.each([
    ['Name', '', 'This field is required'],
    ['Name', 'Al', 'Must be at least 3 characters long'],
    ['Name', 'A'.repeat(30), 'Must be less than 30 characters long'],
    ['Email', '', 'This field is required'],
    ['Email', 'asha@example', 'Email is not valid'],
    ['Password', '', 'This field is required'],
    ['Password', 'Password1', 'Must contain a special character'],
    ['Password', 'password#1', 'Must contain a capital letter'],
    ['Password', 'PASSWORD#1', 'Must contain a small letter'],
    ['Password', 'Password#', 'Must contain a number digit'],
    ['Password', 'Pa#1', 'Must be at least 8 characters long'],
    ['Password', 'Password#1' + 'x'.repeat(20), 'Must be less than 30 characters long'],
  ])('sign-up: %s "%s" shows "%s"', async (label, value, message) => {
    await gotoRoute(page, server.url + '/signup');
    await fill(label, value);
    await expectFieldError(label, message);
  });

  it('sign-up: keeps Create Account disabled until the terms box is ticked, warns on a blank name', async () => {
    await gotoRoute(page, server.url + '/signup');
    const create = page.getByRole('button', { name: 'Create Account' });
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: /privacy policy/ }).getAttribute('target')).toBe('_blank');
    await page.getByRole('checkbox').check();
    expect(await create.isEnabled()).toBe(true);
    await create.click();
    await toast('Please Fill all fields').waitFor();
    await page.getByRole('checkbox').uncheck();
    expect(await create.isDisabled()).toBe(true);
  });

  it('sign-up: creates the account, says so and goes to /login; the same e-mail again is refused', async () => {
    for (const expected of ['Successfully signed up', 'Email already exists']) {
      await gotoRoute(page, server.url + '/signup');
      await fill('Name', 'Ravi Kumar');
      await fill('Email', 'ravi@example.com');
      await fill('Password', 'Ravi#Pass1');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await toast(expected).waitFor();
    }
    expect(page.url()).toBe(server.url + '/signup');
    await gotoRoute(page, server.url + '/signup');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(server.url + '/login');
  });

  it('sign-up success lands on /login', async () => {
    await gotoRoute(page, server.url + '/signup');
    await fill('Name', 'Meera Iyer');
    await fill('Email', 'meera@example.com');
    await fill('Password', 'Meera#Pass1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(server.url + '/login');
    await toast('Successfully signed up').waitFor();
  });

  it('admin login: validates, shows a spinner while checking, stores the session and opens the dashboard after 1 s', async () => {
    await gotoRoute(page, server.url + '/login');
    expect(await page.locator('main').getAttribute('data-mode')).toBe('Admin-login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectFieldError('Email', 'This field is required');
    await expectFieldError('Password', 'This field is required');
    await fill('Email', 'admin@');
    await expectFieldError('Email', 'Email is not valid');
    expect(await page.getByRole('link', { name: /terms of use/ }).getAttribute('target')).toBe('_blank');

    // The answer is held until the spinner has been seen, however long the page takes to show it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/data/check-credentials',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await fill('Email', ADMIN.email);
    await fill('Password', ADMIN.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    const login = page.getByRole('button', { name: /Login/ });
    const answered = page.waitForResponse('**/api/data/check-credentials');
    await login.click();
    await login.locator('.spinner').waitFor();
    expect(await login.isDisabled()).toBe(true);
    release();
    await answered;
    // The message shows on the login page before the dashboard opens.
    await toast('Login successful!').waitFor();
    expect(page.url()).toBe(server.url + '/login');
    await page.waitForURL(server.url + '/admin/dashboard');
    const session = await page.evaluate(() => ({ ...sessionStorage }));
    expect(session).toMatchObject({ email: ADMIN.email, password: ADMIN.password, isAuthenticated: 'true' });
    expect(Number(session.sessionStartTime)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('admin login: shows the server message for a wrong password and stays put', async () => {
    await gotoRoute(page, server.url + '/login');
    await fill('Email', ADMIN.email);
    await fill('Password', 'Wrong#Pass1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast('Invalid email or password.').waitFor();
    expect(page.url()).toBe(server.url + '/login');
    expect(await page.evaluate(() => sessionStorage.getItem('isAuthenticated'))).toBeNull();
  });

  it('admin login: says the server did not answer when the request fails', async () => {
    await gotoRoute(page, server.url + '/login');
    await page.route('**/api/data/check-credentials', (route) => route.abort());
    await fill('Email', ADMIN.email);
    await fill('Password', ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast('No response from server. Please try again.').waitFor();
  });

  it('shows the session-expired toast once when the flag is set, and removes the flag', async () => {
    await gotoRoute(page, server.url + '/about');
    await page.evaluate(() => sessionStorage.setItem('showSessionExpiredToast', 'true'));
    await gotoRoute(page, server.url + '/login');
    await toast('Session expired. Please log in again.').waitFor();
    expect(await toast('Session expired. Please log in again.').count()).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('showSessionExpiredToast'))).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: 'Admin login' }).waitFor();
    await page.waitForTimeout(300);
    expect(await toast('Session expired').count()).toBe(0);
  });

  it('account login: a wrong password shows the stored error for 8 s; the right one opens the profile', async () => {
    await fetch(server.url + '/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-code': 'hiregate-web' },
      body: JSON.stringify({ email: 'nila@example.com', firstName: 'Nila', password: 'Nila#Pass1' }),
    });
    await gotoRoute(page, server.url + '/login');
    await page.getByRole('button', { name: /Sign in to your HireGate account/ }).click();
    expect(await page.locator('main').getAttribute('data-mode')).toBe('User-login');
    await fill('Email', 'nila@example.com');
    await fill('Password', 'Nila#Pass9');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast('Username or password is incorrect.').waitFor();
    const stored = JSON.parse((await persistedRoot(page)).auth ?? 'null') as unknown;
    expect(stored).toMatchObject({ status: 'failed', error: 'Username or password is incorrect.' });
    await page.waitForTimeout(5500);
    expect(await toast('Username or password is incorrect.').count()).toBe(1);

    await fill('Password', 'Nila#Pass1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(server.url + '/profile');
    const root = await persistedRoot(page);
    expect(JSON.parse(root._persist ?? 'null')).toMatchObject({ version: -1 });
    expect(JSON.parse(root.auth ?? 'null')).toMatchObject({ status: 'succeeded', userType: 'user', error: null });
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(server.url + '/profile');
  });

  it.each([
    ['Email', 'x@y', 'Email is not valid'],
    ['New Password', 'Sh#rt1', 'Must be at least 8 characters long'],
    ['New Password', 'Password#1' + 'x'.repeat(20), 'Must be less than 30 chatacters long'],
    ['Confirm New Password', 'nocaps#123', 'Must contain a capital letter'],
    ['Confirm New Password', 'Password#1' + 'x'.repeat(20), 'Must be less than 30 chatacters long'],
  ])('reset: %s "%s" shows "%s"', async (label, value, message) => {
    await gotoRoute(page, server.url + '/pwdreset/abc?clientCode=hiregate-web');
    await fill(label, value);
    await expectFieldError(label, message);
  });

  it('reset: blocks mismatching passwords, then resets through the e-mailed link and goes to /login', async () => {
    await fetch(server.url + '/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-code': 'hiregate-web' },
      body: JSON.stringify({ email: 'omar@example.com', firstName: 'Omar', password: 'Omar#Pass1' }),
    });
    await gotoRoute(page, server.url + '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // A client-side navigation: the sign-in page, with an Email field of its own, stays until the next screen's code
    // has loaded, so filling before then would type into the wrong form.
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await fill('Email', 'omar@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account exists for that e-mail' }).waitFor();
    const mail = await mailbox.next('omar@example.com');
    const link = /http:\/\/localhost:\d+(\/pwdreset\/[\w-]+\?clientCode=[\w-]+)/.exec(mail.body)![1];

    await gotoRoute(page, server.url + link);
    await fill('Email', 'omar@example.com');
    await fill('New Password', 'Omar#Pass2');
    await fill('Confirm New Password', 'Omar#Pass3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast("Confirm Password didn't match.").waitFor();
    await expectFieldError('Confirm New Password', "Confirm Password didn't match.");

    await fill('Confirm New Password', 'Omar#Pass2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast('Password reseted successfully.').waitFor();
    await page.waitForURL(server.url + '/login');

    await gotoRoute(page, server.url + link);
    await fill('Email', 'omar@example.com');
    await fill('New Password', 'Omar#Pass4');
    await fill('Confirm New Password', 'Omar#Pass4');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast('This reset link is invalid or has expired. Please request a new one.').waitFor();
  });
});
