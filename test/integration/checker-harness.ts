import { startTestServer, type TestServer } from '../support/server';
import type { SheetScorecard } from '../../src/domain/gate';
import { createScorecardAccess, signAccessToken } from '../../api/access/scorecard-access';
import type { FixtureServer } from '../support/fixture-server';
import { readFixtureJson, type FixtureSet, type FixtureUrls } from '../support/fixtures';

/**
 * The real server (the same middleware and routers as `npm start`) on a free port, with its store in reach so a test
 * can seed papers the way an administrator does and look at what was stored. Checks are not rate-limited and need no
 * verified e-mail unless `env` says so.
 */
export type CheckerServer = TestServer;

/** The VERIFY_SECRET of checker test servers, for tests that sign (or forge) verification tokens. */
export const CHECKER_SECRET = 'checker-tests-secret-0123456789';

export function startCheckerServer(env: Record<string, string | undefined> = {}): Promise<CheckerServer> {
  return startTestServer({
    REQUIRE_EMAIL_VERIFICATION: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    VERIFY_SECRET: CHECKER_SECRET,
    ...env,
  });
}

/**
 * A device that verified `email` for `link`, as the verify call leaves one: the pair recorded in the store, and the
 * access token the device holds (sent as `access` with its score requests).
 */
export async function verifiedDevice(server: CheckerServer, link: string, email: string): Promise<string> {
  const access = createScorecardAccess(server.config, server.store);
  await server.store.verifications.markVerified(access.linkKey(link), email);
  return signAccessToken(server.config.secret, email);
}

export function sheetLinks(set: FixtureSet, fixtures: FixtureServer): string[] {
  return readFixtureJson<FixtureUrls>(set, 'urls.json').sheets.map((sheet) => fixtures.url(sheet.url));
}

/** The JSON the checker calls answer with: a scorecard, or a message with a few fields beside it. */
export interface CheckerBody {
  message: string;
  response: Array<{
    long_id: string;
    short_id: string;
    type: string;
    status: string;
    response_given: string;
    answerKey: string | null;
    obtained_marks: number | string;
  }>;
  totalScore: SheetScorecard['totalScore'];
  prediction_data: Record<string, unknown>;
  resultId: string;
  testPaper: string;
  candidate: { id: string; name: string };
  [field: string]: unknown;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as CheckerBody };
}

export async function getJson(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A real SMTP peer on loopback that keeps every message it receives (the shared test mailbox). */
export { startMailbox as startSmtpPeer, decodeQuotedPrintable } from '../support/mailbox';
