import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { describeViolations, gotoRoute, seriousA11yViolations } from './public-support';

/** Each public route and a text a visitor must see on it. */
const ROUTES: Array<[string, string]> = [
  ['/', 'Hire faster and fairer with AI'],
  ['/about', 'About Us'],
  ['/press', 'Press Room'],
  ['/products', 'Products'],
  ['/services', 'Services'],
  ['/research-paper', 'Research Papers'],
  ['/case-studies', 'Case Studies'],
  ['/support', 'Customer Support'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Use'],
  ['/disclaimer', 'Disclaimer'],
  ['/contact', 'Contact Us'],
  ['/career', 'Careers'],
  ['/sales', 'Sales and market trends'],
  ['/ad-modal', 'Your GATE score and predicted rank, in seconds'],
  ['/product/interview-tool', 'AI Interview Tool'],
  ['/product/job-posting-analytics', 'Job Posting & Recruitment Analytics Dashboard'],
  ['/product/candidate-sourcing', 'Candidate Sourcing'],
  ['/service/screening', 'Resume Screening'],
  ['/service/data-analytics', 'Recruitment Analytics'],
  ['/service/talent-management', 'Talent Management'],
  ['/solution/enterprise', 'For Enterprises'],
  ['/solution/recruitment-agency', 'For Recruitment Agencies'],
  ['/solution/job-seeker', 'For Job Seekers'],
  ['/profile', 'ProfilePage'],
  ['/setting', 'SettingPage'],
  ['/feedback', 'FeedbackPage'],
  ['/access-denied', 'Access Denied'],
  ['/signup', 'Create your account'],
  ['/login', 'Admin login'],
  ['/forgot-password', 'Forgot password?'],
  ['/pwdreset/some-token?clientCode=hiregate-web', 'Reset your password'],
  ['/no/such/page', 'Page Not Found'],
];

describe('public site', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: process.env.DIST_DIR });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  it.each(ROUTES)('%s shows "%s" and has no serious accessibility violation', async (path, text) => {
    await gotoRoute(page, server.url + path);
    await page.getByRole('heading', { name: text, exact: true }).first().waitFor();
    const violations = await seriousA11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('has no serious accessibility violation at 360 px, nor on home once the advertisement is closed', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/signup', '/career']) {
      await gotoRoute(page, server.url + path);
      await page.getByRole('heading').first().waitFor();
      const violations = await seriousA11yViolations(page);
      expect(violations, `${path}\n${describeViolations(violations)}`).toEqual([]);
    }
    // The advertisement was this visit's (shown once per visit): home now opens without it.
    await gotoRoute(page, server.url + '/');
    await page.getByRole('button', { name: 'Check Now' }).waitFor();
    expect(await page.getByRole('button', { name: 'Close advertisement' }).isVisible()).toBe(false);
    const violations = await seriousA11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('shows the advertisement at load above everything, with focus kept inside it', async () => {
    await gotoRoute(page, server.url + '/');
    const ad = page.getByRole('dialog', { name: 'Your GATE score and predicted rank, in seconds' });
    await ad.waitFor();
    expect(await ad.evaluate((el) => getComputedStyle(el).zIndex)).toBe('1000');
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
  });

  it('dismisses the advertisement with its close button', async () => {
    await gotoRoute(page, server.url + '/');
    await page.getByRole('button', { name: 'Close advertisement' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Explore products' }).click();
    await page.waitForURL(server.url + '/products');
  });

  it('dismisses the advertisement with a click on the dark backdrop', async () => {
    await gotoRoute(page, server.url + '/');
    await page.getByRole('dialog').waitFor();
    await page.mouse.click(10, 10);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('dismisses the advertisement with Escape', async () => {
    await gotoRoute(page, server.url + '/');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('brings the marketing section in after the load event without moving anything on the page', async () => {
    // Every layout shift from the page's start (Chromium's layout-shift entries); text filling empty space is none.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      const valueOf = (entry: PerformanceEntry) => (entry as PerformanceEntry & { value: number }).value;
      const observer = new PerformanceObserver((list) => shifts.push(...list.getEntries().map(valueOf)));
      observer.observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { layoutShifts: () => [...shifts, ...observer.takeRecords().map(valueOf)] });
    });
    await gotoRoute(page, server.url + '/');
    await page.getByRole('heading', { name: 'Hire faster and fairer with AI' }).waitFor();
    const shifts = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) =>
          // Two frames: the section's first paint has been laid out and reported.
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve((window as unknown as { layoutShifts: () => number[] }).layoutShifts()),
            ),
          ),
        ),
    );
    // The typing tagline moves by fractions of a pixel (~0.0003 in all); the section arriving with no placeholder 0.43.
    const total = shifts.reduce((sum, shift) => sum + shift, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
  });

  it('continues home when the /ad-modal advertisement is closed', async () => {
    await gotoRoute(page, server.url + '/ad-modal');
    await page.getByRole('button', { name: 'Close advertisement' }).click();
    await page.waitForURL(server.url + '/');
  });

  it("opens the checker from the advertisement's 'Check my score', on the home page and on /ad-modal", async () => {
    const checker = page.getByRole('dialog', { name: 'Check Your GATE Score' });
    await gotoRoute(page, server.url + '/');
    await page.getByRole('button', { name: 'Check my score' }).click();
    await checker.getByLabel('GATE Response Link').waitFor();
    expect(await page.getByRole('dialog', { name: 'Your GATE score and predicted rank, in seconds' }).count()).toBe(0);

    await gotoRoute(page, server.url + '/ad-modal');
    await page.getByRole('button', { name: 'Check my score' }).click();
    await page.waitForURL(server.url + '/?check=now');
    await checker.getByLabel('GATE Response Link').waitFor();
  });

  it('shows the five top-bar links on desktop, external ones opening in a new tab', async () => {
    await gotoRoute(page, server.url + '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual([
      'Home',
      'GATE 2025 (opens in a new tab)',
      'About Us (opens in a new tab)',
      'Join community chat (opens in a new tab)',
      'Contact Us (opens in a new tab)',
    ]);
    for (const link of await nav.locator('a[href^="http"]').all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'HireGate home' }).click();
    await page.waitForURL(server.url + '/');
  });

  it('moves the links into a right-hand drawer below 900 px', async () => {
    await page.setViewportSize({ width: 899, height: 800 });
    await gotoRoute(page, server.url + '/about');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    const box = (await drawer.boundingBox())!;
    expect(box.x + box.width).toBeCloseTo(899, -1);
    expect(box.x).toBeGreaterThan(899 / 2 - 100);
    expect(await drawer.getByRole('link').count()).toBe(5);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(server.url + '/');
    await page.setViewportSize({ width: 900, height: 800 });
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
  });

  it('has a footer with five external links, five social links and the copyright line', async () => {
    await gotoRoute(page, server.url + '/press');
    const footer = page.locator('footer');
    const useful = footer.getByRole('navigation', { name: 'Useful links' }).getByRole('link');
    await expect(useful.allTextContents()).resolves.toEqual([
      'About Us (opens in a new tab)',
      'GATE 2025 (opens in a new tab)',
      'Terms of use (opens in a new tab)',
      'Privacy Policy (opens in a new tab)',
      'Contact Us (opens in a new tab)',
    ]);
    expect(await footer.getByRole('list', { name: 'HireGate on social media' }).getByRole('link').count()).toBe(5);
    expect(await footer.textContent()).toMatch(/© \d{4} HireGate Technologies\. All rights reserved\./);
  });

  it('lists 10 research papers, 4 case studies and the dated disclaimer with 8 sections', async () => {
    await gotoRoute(page, server.url + '/research-paper');
    expect(await page.locator('ol.citations > li').count()).toBe(10);
    await gotoRoute(page, server.url + '/case-studies');
    expect(await page.locator('main article').count()).toBe(4);
    await gotoRoute(page, server.url + '/disclaimer');
    await page.getByText('Last updated: 05 Jan 2024').waitFor();
    expect(await page.locator('main .prose h2').count()).toBe(8);
  });

  it('shows the press contact and the May 3, 2024 release', async () => {
    await gotoRoute(page, server.url + '/press');
    await page.getByRole('heading', { name: 'Media contact' }).waitFor();
    expect(await page.locator('.press-release').count()).toBe(1);
    expect(await page.locator('.press-release time').textContent()).toBe('May 3, 2024');
  });

  it('opens the application form in a new tab from each of the three openings', async () => {
    await gotoRoute(page, server.url + '/career');
    for (const role of ['AI/ML Engineer', 'Lead Developer', 'UI/UX Designer']) {
      const apply = page.getByRole('link', { name: `Apply for ${role}` });
      expect(await apply.getAttribute('target')).toBe('_blank');
      expect(await apply.textContent()).toBe('Apply');
    }
    expect(await page.locator('a[href^="mailto:careers@"]').count()).toBe(1);
  });

  it("shows three contact cards whose buttons write to the team's inbox, the address and support details", async () => {
    await gotoRoute(page, server.url + '/contact');
    for (const card of ['Press', 'Help & Support', 'Sales']) {
      await page.getByRole('heading', { name: card, exact: true }).waitFor();
    }
    const hrefs = await Promise.all(
      ['Contact press', 'Get help', 'Talk to sales'].map((action) =>
        page.getByRole('link', { name: action }).getAttribute('href'),
      ),
    );
    expect(hrefs).toEqual([
      'mailto:press@hiregate.example?subject=Press%20enquiry',
      'mailto:support@hiregate.example?subject=Help%20request',
      'mailto:sales@hiregate.example?subject=Sales%20enquiry',
    ]);
    const address = await page.locator('address').textContent();
    expect(address).toContain('Bengaluru, India');
    expect(await page.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await page.locator('a[href^="mailto:support@"]').count()).toBe(2);
  });

  it('writes a query to support from "Raise query" on Customer Support; /ContactUs still opens Contact', async () => {
    await gotoRoute(page, server.url + '/support');
    expect(await page.getByRole('link', { name: 'Raise query' }).getAttribute('href')).toBe(
      'mailto:support@hiregate.example?subject=Query',
    );
    await gotoRoute(page, server.url + '/ContactUs');
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
  });

  it('links "Contact us" to /contact from content pages and the sales e-mail on Sales', async () => {
    await gotoRoute(page, server.url + '/sales');
    expect(await page.locator('a[href^="mailto:sales@"]').count()).toBe(1);
    await page.getByRole('link', { name: 'Contact us', exact: true }).click();
    await page.waitForURL(server.url + '/contact');
  });

  it('keeps the privacy and terms pages empty below their title', async () => {
    for (const path of ['/privacy', '/terms']) {
      await gotoRoute(page, server.url + path);
      expect((await page.locator('main .page').textContent())?.trim()).toBe('');
    }
  });

  it('sends the profile entry to /login without an access token and to /profile with one', async () => {
    await gotoRoute(page, server.url + '/about');
    // /login starts in Admin-login, so the entry says whose sign-in it opens.
    await page.getByRole('link', { name: 'Staff sign in' }).click();
    await page.waitForURL(server.url + '/login');
    await page.getByRole('heading', { name: 'Admin login' }).waitFor();
    await page.evaluate(() =>
      localStorage.setItem(
        'root',
        JSON.stringify({
          auth: JSON.stringify({
            userData: { accessToken: 'token' },
            userType: 'user',
            status: 'succeeded',
            error: null,
          }),
          _persist: JSON.stringify({ version: -1, rehydrated: true }),
        }),
      ),
    );
    await gotoRoute(page, server.url + '/about');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(server.url + '/profile');
    await page.getByText('ProfilePage').waitFor();
  });

  it('shows the 404 texts and a link home', async () => {
    await gotoRoute(page, server.url + '/nothing/here');
    await page
      .getByText('Sorry, the page you are looking for does not exist or not available at this moment.')
      .waitFor();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(server.url + '/');
  });

  it('saves screenshots of home, sign-up and a static page at 360 and 1280 px', async () => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // The last heading to arrive: on home, the marketing section's, which loads after idle.
      for (const [name, path, heading] of [
        ['home', '/', 'Hire faster and fairer with AI'],
        ['signup', '/signup', 'Create your account'],
        ['about', '/about', 'About Us'],
      ]) {
        await gotoRoute(page, server.url + path);
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        await saveScreenshot(page, `public-${name}-${width}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
