import { expect } from 'vitest';
import { importFixtureKey, type KeysByLongId } from '../../src/domain/gate';
import { buildAdmin, buildPaper, type BuiltAdmin, type BuiltPaper } from './builders';
import { seedDisputedCrowd } from './dispute-crowd';
import type { FixtureServer } from './fixture-server';
import { readFixtureJson } from './fixtures';
import { startCheckerServer, type CheckerServer } from '../integration/checker-harness';

/** The issue's example: CS 1's Q15, keyed A by the provisional key where the strong candidates chose D. */
export const DISPUTED = { paperId: 'CS1-2026', testPaper: 'CS 1', number: '15', keyed: 'A', right: 'D' } as const;

const fixtureKey = readFixtureJson<{ byMaster: Array<{ master: number; questionId: string }> }>('cs1-2026', 'key.json');
/** The fixture paper's right key, and the Question ID of Q15. */
export const RIGHT_KEY: KeysByLongId = importFixtureKey(readFixtureJson('cs1-2026', 'key.json'));
export const DISPUTED_ID = fixtureKey.byMaster.find((row) => String(row.master) === DISPUTED.number)!.questionId;
export const PROVISIONAL_KEY: KeysByLongId = { ...RIGHT_KEY, [DISPUTED_ID]: DISPUTED.keyed };

export interface DisputeStory {
  server: CheckerServer;
  paper: BuiltPaper;
  admin: BuiltAdmin;
  url: (route: string) => string;
}

/**
 * A checker server (env as startCheckerServer takes it) holding the fixture CS 1 paper under the provisional key that
 * gets Q15 wrong, imported as an administrator does, and `crowd` results fetched from the portal as
 * `seedDisputedCrowd` makes them (50: with one candidate who checks, the 51), plus `uploadedCrowd` uploads the
 * portal never confirmed.
 */
export async function startDisputeStory(
  fixtures: FixtureServer,
  {
    crowd = 50,
    uploadedCrowd = 0,
    env = {},
  }: { crowd?: number; uploadedCrowd?: number; env?: Record<string, string | undefined> } = {},
): Promise<DisputeStory> {
  const server = await startCheckerServer({ RESPONSE_SHEET_HOSTS: fixtures.host, ...env });
  const admin = await buildAdmin(server.store);
  const paper = await buildPaper(server.store, 'cs1-2026', fixtures, { keyed: false });
  const url = (route: string) => `${server.url}${route}`;
  const imported = await fetch(url('/api/data/import-key'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...admin.headers },
    body: JSON.stringify({ paperId: DISPUTED.paperId, keys: PROVISIONAL_KEY, label: 'provisional' }),
  });
  expect(imported.status).toBe(200);
  const plan = {
    paperId: DISPUTED.paperId,
    questions: paper.questions,
    rightKey: RIGHT_KEY,
    disputed: DISPUTED_ID,
    wrongAnswer: DISPUTED.keyed,
  };
  if (crowd > 0) await seedDisputedCrowd(server.store, { ...plan, candidates: crowd });
  if (uploadedCrowd > 0) {
    await seedDisputedCrowd(server.store, { ...plan, candidates: uploadedCrowd, uploaded: true, seed: 7 });
  }
  return { server, paper, admin, url };
}
