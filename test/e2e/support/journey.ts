import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildPaper } from '../../support/builders';
import { startFixtureServer, type FixtureServer } from '../../support/fixture-server';
import type { FixtureSet } from '../../support/fixtures';
import { startMailbox, type Mailbox } from '../../support/mailbox';
import { sheetLinks, startCheckerServer, type CheckerServer } from '../../integration/checker-harness';
import { launchBrowser } from './browser';

export interface JourneyOptions {
  /** REQUIRE_EMAIL_VERIFICATION: off unless asked for. */
  verification?: boolean;
  /** A real SMTP peer the server mails through (`mailbox`). */
  mail?: boolean;
  /** The fixture set whose paper an administrator stored and keyed whole; false for none. */
  paper?: FixtureSet | false;
  /** Any other configuration, as startCheckerServer takes it. */
  env?: Record<string, string | undefined>;
}

/** What a candidate's journey runs against: the portal's sheets, the server, Chromium, and the mailbox if asked for. */
export interface Journey {
  fixtures: FixtureServer;
  server: CheckerServer;
  browser: Browser;
  mailbox: Mailbox | undefined;
  /** The fixture paper's sheet links, in its candidates' order (none without a paper). */
  links: string[];
  close(): Promise<void>;
}

export async function startJourney({
  verification = false,
  mail = false,
  paper = 'cs1-2026',
  env = {},
}: JourneyOptions = {}): Promise<Journey> {
  const [fixtures, mailbox, browser] = await Promise.all([
    startFixtureServer(),
    mail ? startMailbox() : undefined,
    launchBrowser(),
  ]);
  const server = await startCheckerServer({
    REQUIRE_EMAIL_VERIFICATION: String(verification),
    RESPONSE_SHEET_HOSTS: fixtures.host,
    ...(mailbox ? { SMTP_URL: mailbox.url } : {}),
    ...env,
  });
  if (paper) await buildPaper(server.store, paper, fixtures);
  return {
    fixtures,
    server,
    browser,
    mailbox,
    links: paper ? sheetLinks(paper, fixtures) : [],
    async close() {
      await browser.close();
      await server.close();
      await mailbox?.close();
      await fixtures.close();
    },
  };
}

/**
 * A journey for the tests of the calling describe: started before the first, closed after the last. The object is
 * filled in place, so read its fields inside tests and hooks, never at collection time.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    Object.assign(journey, await startJourney(options));
  }, 90_000);
  afterAll(async () => {
    await journey.close?.();
  });
  return journey;
}
