import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Every page the e2e journeys open reports the Content-Security-Policy violations it meets (the
 * `securitypolicyviolation` event), and every test ends by asserting there were none (policy-guard.ts, a setup file
 * of the e2e lane): the journeys run with the policy the server really sends, enforced.
 */
const violations: string[] = [];

/** The violations seen since the last call, and forgets them. */
export function takePolicyViolations(): string[] {
  return violations.splice(0);
}

const BINDING = '__hiregatePolicyViolation';

export async function reportPolicyViolations(context: BrowserContext): Promise<BrowserContext> {
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where}`);
    });
  }, BINDING);
  return context;
}

/** The browser, with every context and page it makes reporting its violations. */
export function withPolicyViolationReports(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => reportPolicyViolations(await newContext(options));
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  return browser;
}
