import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { clearScorecards, deleteScorecard, keptDisputes, saveScorecard } from '../../../lib/db';
import { buildScorecardDisputes, buildScorecard } from '../../../../test/support/builders';
import { disputesOfScorecard } from './disputes-api';

const RESULT = 'r1';
const offline = () => Promise.reject(new ApiError(0, 'No response from server. Please try again.', null));
const answering =
  (answer = buildScorecardDisputes()) =>
  () =>
    Promise.resolve(answer);

describe("a saved scorecard's disputes on the device", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await clearScorecards();
  });

  it('keeps the answer it got online, and shows it offline as of when it was kept', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 1, 23, 6, 15));
    const answer = buildScorecardDisputes();
    expect(await disputesOfScorecard(RESULT, answering(answer))).toEqual({ answer, keptAt: null });

    vi.setSystemTime(Date.UTC(2026, 1, 24, 9, 0));
    expect(await disputesOfScorecard(RESULT, offline)).toEqual({ answer, keptAt: Date.UTC(2026, 1, 23, 6, 15) });
  });

  it('keeps the newest answer in place of the last', async () => {
    await disputesOfScorecard(RESULT, answering());
    const settled = buildScorecardDisputes({ disputes: [], keyVersion: null, state: 'final-key' });
    await disputesOfScorecard(RESULT, answering(settled));
    expect((await disputesOfScorecard(RESULT, offline))?.answer).toEqual(settled);
  });

  it('shows nothing offline when nothing was kept for this scorecard', async () => {
    await disputesOfScorecard('another', answering());
    expect(await disputesOfScorecard(RESULT, offline)).toBeNull();
  });

  it('stands in for a server that failed, never for one that refused this device', async () => {
    await disputesOfScorecard(RESULT, answering());
    const failed = () => Promise.reject(new ApiError(503, 'Service unavailable', null));
    expect((await disputesOfScorecard(RESULT, failed))?.keptAt).toEqual(expect.any(Number));
    const refused = () => Promise.reject(new ApiError(403, 'Verify your e-mail first.', null));
    await expect(disputesOfScorecard(RESULT, refused)).rejects.toThrow('Verify your e-mail first.');
  });

  it('forgets them with the scorecard', async () => {
    await saveScorecard(buildScorecard({ resultId: RESULT }));
    await disputesOfScorecard(RESULT, answering());
    await deleteScorecard(RESULT);
    expect(await keptDisputes(RESULT)).toBeUndefined();
    await disputesOfScorecard(RESULT, answering());
    await clearScorecards();
    expect(await keptDisputes(RESULT)).toBeUndefined();
  });
});
