import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import {
  clearScorecards,
  HireGateDatabase,
  deleteScorecard,
  findScorecardByLink,
  getScorecard,
  listScorecards,
  saveScorecard,
} from './db';
import type { ScorecardData } from './scorecard/types';

function scorecard(resultId: string, totalMarks: number, name = 'ASHA RAO'): ScorecardData {
  return {
    response: [],
    totalScore: {
      Attempts: 10,
      'Incorrect Attempts': 2,
      'Final Marks': totalMarks + 1,
      'Negative Marks': 1,
      'Total Marks': totalMarks,
    },
    resultId,
    testPaper: 'CS 1',
    candidate: { id: `CS26S4${resultId}`, name },
  };
}

describe('scorecards kept on the device', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await clearScorecards();
  });

  it('lists saved scorecards newest first with what the list shows', async () => {
    // Saved a minute apart on the clock the list orders by (Date), rather than a few milliseconds apart on a real one.
    vi.useFakeTimers({ toFake: ['Date'] });
    await saveScorecard(scorecard('r1', 40));
    vi.setSystemTime(Date.now() + 60_000);
    await saveScorecard(scorecard('r2', 55, 'RAVI K'));
    const saved = await listScorecards();
    expect(saved.map((item) => [item.id, item.candidateName, item.totalMarks, item.testPaper])).toEqual([
      ['r2', 'RAVI K', 55, 'CS 1'],
      ['r1', 'ASHA RAO', 40, 'CS 1'],
    ]);
  });

  it('replaces the copy when the same result is checked again', async () => {
    await saveScorecard(scorecard('r1', 40));
    await saveScorecard(scorecard('r1', 43));
    const saved = await listScorecards();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.data.totalScore['Total Marks']).toBe(43);
  });

  it('finds a scorecard by the link it came from', async () => {
    await saveScorecard({ ...scorecard('r1', 40), link: 'https://cdn.digialm.com/a.html' });
    await saveScorecard(scorecard('r2', 50), 'https://cdn.digialm.com/b.html');
    expect((await findScorecardByLink('https://cdn.digialm.com/b.html'))?.id).toBe('r2');
    expect((await findScorecardByLink(' https://cdn.digialm.com/a.html '))?.id).toBe('r1');
    expect(await findScorecardByLink('https://cdn.digialm.com/c.html')).toBeUndefined();
  });

  it('deletes one scorecard, then all', async () => {
    await saveScorecard(scorecard('r1', 40));
    await saveScorecard(scorecard('r2', 50));
    await saveScorecard(scorecard('r3', 60));
    await deleteScorecard('r2');
    expect(await getScorecard('r2')).toBeUndefined();
    expect((await listScorecards()).map((item) => item.id).sort()).toEqual(['r1', 'r3']);
    await clearScorecards();
    expect(await listScorecards()).toEqual([]);
  });

  it('keeps scorecards saved by an older version of the app when the schema grows', async () => {
    const older = new Dexie('hiregate-upgrade');
    older.version(1).stores({ scorecards: 'id, savedAt, link' });
    await older
      .table('scorecards')
      .put({ id: 'old', savedAt: 1, testPaper: 'DA', totalMarks: 12, data: scorecard('old', 12) });
    older.close();
    const current = new HireGateDatabase('hiregate-upgrade');
    expect((await current.scorecards.get('old'))?.totalMarks).toBe(12);
    expect(current.verno).toBeGreaterThan(1);
    current.close();
  });
});
