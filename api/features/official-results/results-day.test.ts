import { afterEach, describe, expect, it } from 'vitest';
import { buildPaperRecord, buildResult, buildStore, unwatched, type BuiltStore } from '../../../test/support/builders';
import type { Crowd } from '../../crowd/crowd';
import type { ScorecardAccess } from '../../access/scorecard-access';
import { createOfficialResults } from './official-results';
import { answerOf } from '../../error-answers';

/** A device verified for every result, and a crowd whose prediction for any marks is AIR 1,400 (900–2,600). */
const verifiedDevice = { verifiedEmailOf: () => Promise.resolve('asha@example.com') } as unknown as ScorecardAccess;
const prediction = { normMarks: 62.33, score: 655, estimatedRank: 1400, rankRange: [900, 2600] };
const crowd = {
  predictionFor: () => Promise.resolve(prediction),
  forecastFor: () => Promise.resolve(prediction),
  consensusOf: () => Promise.resolve(null),
  forgetReports: () => undefined,
} as unknown as Crowd;
const typed = { rank: 1500, score: 640, source: 'typed' as const, consent: true };
const device = { accessToken: 'token', address: '10.0.0.1' };
const unwatchedOptions = { secret: 'test secret', watch: unwatched(crowd) };

describe("official results before the year's results are out", () => {
  let built: BuiltStore | undefined;
  afterEach(() => built?.close());

  async function storedResult(year: number) {
    built = await buildStore();
    await built.store.papers.create(buildPaperRecord({ id: `CS1-${year}`, year, label: `GATE ${year} CS 1` }));
    const { id: resultId } = await built.store.results.upsert(buildResult({ paperId: `CS1-${year}` }));
    return { store: built.store, resultId };
  }

  it('says on the scorecard when they are due, and refuses a result until then', async () => {
    const { store, resultId } = await storedResult(2026);
    const dayBefore = createOfficialResults(store, crowd, verifiedDevice, {
      ...unwatchedOptions,
      now: () => new Date('2026-03-18T12:00:00Z'),
    });
    expect(await dayBefore.status(resultId, 'token')).toEqual({
      available: false,
      report: null,
      opensOn: { day: '2026-03-19', scheduled: true },
    });
    const refusal = await dayBefore.report(resultId, device, typed).catch((error: unknown) => error);
    expect(answerOf(refusal)).toMatchObject({
      status: 409,
      code: 'RESULTS_NOT_OUT',
      message: 'GATE 2026 results are not out yet: add your official result from 19 Mar 2026, when they are due.',
    });
    expect(await store.officialReports.findByResult(resultId)).toBeNull();
  });

  it('takes the result from the results day on (00:00 IST)', async () => {
    const { store, resultId } = await storedResult(2026);
    const resultsDay = createOfficialResults(store, crowd, verifiedDevice, {
      ...unwatchedOptions,
      now: () => new Date('2026-03-18T18:30:00Z'),
    });
    expect(await resultsDay.status(resultId, 'token')).toMatchObject({ available: true, opensOn: null });
    expect(await resultsDay.report(resultId, device, typed)).toMatchObject({ report: { rank: 1500, year: 2026 } });
  });
});
