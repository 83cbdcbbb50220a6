import { describe, expect, it } from 'vitest';
import { scorecardPdfPages } from '../../../../../test/support/scorecard-pdf';
import { readOfficialScorecard } from './official-scorecard';

describe('reading the official scorecard PDF', () => {
  it.each(['beside', 'below'] as const)(
    'reads AIR, GATE score, marks, paper and year (values %s their labels)',
    async (layout) => {
      const reading = readOfficialScorecard(
        await scorecardPdfPages({ layout, marks: '62.33', score: '688', rank: '1234' }),
      );
      expect(reading).toEqual({
        ok: true,
        scorecard: {
          year: 2025,
          paper: 'CS',
          registration: 'CS25S71012345',
          marks: 62.33,
          score: 688,
          rank: 1234,
          appeared: 170825,
          qualifyingMarks: [29.2, 26.2, 19.4],
        },
      });
    },
  );

  it('reads a negative GATE score and a DA scorecard of another year', async () => {
    const pages = await scorecardPdfPages({
      year: 2026,
      paper: 'Data Science and Artificial Intelligence (DA)',
      marks: '12.5',
      score: '-41',
      rank: '52011',
    });
    expect(readOfficialScorecard(pages)).toMatchObject({
      ok: true,
      scorecard: { year: 2026, paper: 'DA', marks: 12.5, score: -41, rank: 52011 },
    });
  });

  it('says what is missing when the PDF is not a scorecard, and asks for the result typed in', async () => {
    const reading = readOfficialScorecard(await scorecardPdfPages({ without: 'rank' }));
    expect(reading).toEqual({
      ok: false,
      message: 'This does not read as an official GATE scorecard: no All India Rank found. Type the result in instead.',
    });
    expect(readOfficialScorecard([])).toEqual({
      ok: false,
      message:
        'This does not read as an official GATE scorecard: no marks, GATE score, All India Rank found. Type the result in instead.',
    });
  });
});
