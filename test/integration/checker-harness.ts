import type { Store } from '../../api/store';
import { startTestServer, type TestServer } from '../support/server';
import { buildPaper, importFixtureKey, parseResponseSheet, type SheetScorecard } from '../../src/domain/gate';
import type { FixtureServer } from '../support/fixture-server';
import {
  FIXTURE_ORIGIN,
  readFixtureJson,
  readFixtureText,
  type FixtureSet,
  type FixtureUrls,
} from '../support/fixtures';

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

/** What an administrator does before answer-key day: process the master sheet, then import the key file. */
export async function seedFixturePaper(store: Store, set: FixtureSet, fixtures: FixtureServer, withKeys = true) {
  const built = buildPaper(
    parseResponseSheet(readFixtureText(set, 'master.html').replaceAll(FIXTURE_ORIGIN, fixtures.origin)),
  );
  const year = /\d{4}/.exec(built.name)![0];
  const stored = await store.questions.upsertPaper(
    `${built.testPaper} ${year}`,
    built.questions.map((question) => ({ ...question, short_id: Number(question.short_id) })),
  );
  if (withKeys) {
    const keys = importFixtureKey(readFixtureJson(set, 'key.json'));
    for (const question of stored) {
      const key = keys[question.long_id];
      if (key === undefined) throw new Error(`${set}'s key.json has no key for ${question.long_id}`);
      await store.questions.setAnswerKey(question.id, key);
    }
  }
  return built.testPaper!;
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

export async function getJson(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A real SMTP peer on loopback that keeps every message it receives (the shared test mailbox). */
export { startMailbox as startSmtpPeer, decodeQuotedPrintable } from '../support/mailbox';
