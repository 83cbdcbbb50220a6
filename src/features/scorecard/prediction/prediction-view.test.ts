import { describe, expect, it } from 'vitest';
import { RANK_DATA_VERSIONS } from '../../../domain/gate/rank/published-data/data';
import { predict } from '../../../domain/gate/rank/prediction/predict';
import { predictAnyPaper } from '../../../domain/gate/paper-prediction';
import { PROVENANCE_WORDS } from '../../../domain/gate/result-provenance';
import type { PredictionData } from '../../../lib/scorecard/types';
import {
  provenanceText,
  uncountedNote,
  gateScoreBasisText,
  gateScoreText,
  methodText,
  noRankText,
  percentileText,
  predictedRankText,
  qualifyingRows,
  rankRangeText,
} from './prediction-view';

/** The wording is checked on data version 2, whose marks-to-rank years are 2023 and 2024 whatever later versions add. */
const data = RANK_DATA_VERSIONS[2];

describe('rank prediction as the scorecard shows it', () => {
  it("reads the model's prediction: rank with range, percentile, score, qualifying by category, method", () => {
    const prediction = predict({ testPaper: 'CS 1', marks: 42, data });
    const [best, worst] = prediction.rankRange;
    expect(predictedRankText(prediction)).toBe(prediction.estimatedRank.toLocaleString('en-IN'));
    expect(rankRangeText(prediction)).toBe(`${best.toLocaleString('en-IN')} – ${worst.toLocaleString('en-IN')}`);
    expect(percentileText(prediction)).toBe(prediction.percentile.toFixed(2));
    expect(gateScoreText(prediction)).toBe(String(Math.round(prediction.score)));
    expect(qualifyingRows(prediction)).toEqual([
      { category: 'General', ...pick(prediction.qualifying.general) },
      { category: 'OBC-NCL / EWS', ...pick(prediction.qualifying.obcNclEws) },
      { category: 'SC / ST / PwD', ...pick(prediction.qualifying.scStPwd) },
    ]);
    expect(methodText(prediction)).toBe(
      "Estimated from GATE's published marks-to-rank data for 2023 and 2024, scaled to the latest published count of " +
        `candidates (${prediction.expectedAppeared.value.toLocaleString('en-IN')}). Results checked here join the ` +
        'estimate once there are 30 for each session.',
    );
  });

  it('names the results checked here the estimate rests on, once there are enough of them', () => {
    const marks = Array.from({ length: 40 }, (_, index) => index * 2);
    const crowd = { marksBySession: { 'CS 1': marks, 'CS 2': marks.map((mark) => mark + 1) } };
    const prediction = predict({ testPaper: 'CS 1', marks: 42, crowd, data });
    expect(prediction.sampleSize).toBe(80);
    expect(methodText(prediction)).toBe(
      "Estimated from GATE's published marks-to-rank data for 2023 and 2024 and 80 results checked here, scaled to " +
        `the latest published count of candidates (${prediction.expectedAppeared.value.toLocaleString('en-IN')}).`,
    );
  });

  it('says the GATE score is an estimate, and with what, until GATE publishes the year’s qualifying mark and top mean', () => {
    expect(gateScoreBasisText(predict({ testPaper: 'CS 2', marks: 60, year: 2025 }))).toBeUndefined();
    const onlyMarkPublished = predict({ testPaper: 'CS 1', marks: 60, year: 2026 });
    const topMean = onlyMarkPublished.scoreInputs.topMean.value;
    expect(gateScoreBasisText(onlyMarkPublished)).toBe(
      `Estimated until GATE publishes 2026's top-0.1% mean (${Math.round(topMean * 10) / 10}, GATE's 2025 figure, ` +
        'the latest published).',
    );
    const neither = predict({ testPaper: 'CS 1', marks: 60, year: 2027 });
    expect(gateScoreBasisText(neither)).toMatch(
      /^Estimated until GATE publishes 2027's qualifying mark \(\d+(\.\d)?, the mean of GATE's \d{4}–\d{4} figures\) and top-0\.1% mean \(\d+(\.\d)?, GATE's \d{4} figure, the latest published\)\.$/,
    );
  });

  it("says of each paper's estimated top mean only what is true of it: DA's is CS's, as GATE publishes none for DA", () => {
    const cs = predict({ testPaper: 'CS 1', marks: 60, year: 2026 });
    const da = predict({ testPaper: 'DA', marks: 60, year: 2026 });
    expect(da.scoreInputs.topMean.value).toBe(cs.scoreInputs.topMean.value);
    expect(gateScoreBasisText(da)).toBe(
      "Estimated: GATE publishes no top-0.1% mean for DA, so CS's 2025 one " +
        `(${Math.round(da.scoreInputs.topMean.value * 10) / 10}) stands in.`,
    );
    expect(gateScoreBasisText(da)).not.toBe(gateScoreBasisText(cs));
  });

  it("says once, and truly, whose marks-to-rank data DA's estimate reads", () => {
    const da = predict({ testPaper: 'DA', marks: 50, year: 2026 });
    const years = da.historicalYears.join(', ').replace(/, (\d+)$/, ' and $1');
    expect(methodText(da)).toBe(
      `Estimated from GATE's published marks-to-rank data of CS for ${years} (GATE publishes none for DA), scaled to ` +
        `the latest published count of candidates (${da.expectedAppeared.value.toLocaleString('en-IN')}). Results ` +
        'checked here join the estimate once there are 30 for each session.',
    );
    const card = [methodText(da), gateScoreBasisText(da), ...da.warnings].join(' ');
    expect(card.match(/marks-to-rank data/g)).toHaveLength(1);
    expect(methodText(predict({ testPaper: 'CS 1', marks: 50, year: 2026 }))).toMatch(
      /^Estimated from GATE's published marks-to-rank data for [\d, and]+, scaled/,
    );
  });

  it('gives a paper without marks-to-rank data no rank estimate, and says why in words (XE)', () => {
    const xe = predictAnyPaper({
      code: 'XE',
      rankedAs: 'XE',
      year: 2025,
      session: 'XE',
      marks: 40,
      marksBySession: {},
    });
    expect(predictedRankText(xe)).toBe('Not estimated');
    expect(noRankText(xe)).toBe(
      'GATE publishes no marks-to-rank data for XE. Your rank among the results checked here stands instead.',
    );
    expect(noRankText(predict({ testPaper: 'CS 1', marks: 50, data }))).toBeUndefined();
    expect(xe.warnings).toContain(
      "2025's qualifying mark is not published: XE's 2024 qualifying mark (Collegedunia 2024).",
    );
  });

  it('says what is missing when the model could not predict, or an old scorecard has only the first fields', () => {
    const missing: PredictionData = { normMarks: 30, score: null, estimatedRank: null, warnings: ['No data'] };
    expect(predictedRankText(missing)).toBe('Not available yet');
    expect(gateScoreText(missing)).toBe('--');
    expect(percentileText(missing)).toBe('--');
    expect(rankRangeText(missing)).toBeUndefined();
    expect(qualifyingRows(missing)).toEqual([]);
    expect(methodText(missing)).toBeUndefined();
    expect(predictedRankText({ normMarks: 50, score: 612.4, estimatedRank: 1834 })).toBe('1,834');
    expect(gateScoreText({ score: 612.4 })).toBe('612');
    expect(gateScoreBasisText({ score: 612.4 })).toBeUndefined();
    const damaged = { score: 612.4, year: 2026, scoreInputs: { topMean: { value: 83.24, source: 'crowd fit' } } };
    expect(gateScoreBasisText(damaged as PredictionData)).toBe(
      "Estimated until GATE publishes 2026's top-0.1% mean (83.2).",
    );
  });
  it("counts an uploaded page apart: the rank's 'of N' is the results checked here and you", () => {
    expect(uncountedNote(3)).toBe(
      'Out of 4: the 3 results checked here and your uploaded page, which is ranked among them but not counted in them.',
    );
    expect(uncountedNote(1)).toBe(
      'Out of 2: the 1 result checked here and your uploaded page, which is ranked among them but not counted in them.',
    );
  });

  it('counts the results checked here alike in the rank, its note and the session counts, for an upload', () => {
    // The first result of CS 1 2026 is an upload: the API ranks it 1 of 1 (counted: false) and stores none for the crowd.
    const upload = predict({ testPaper: 'CS 1', marks: 55, year: 2026, crowd: { marksBySession: {} } });
    const rank = { rank: 1, totalParticipants: 1, counted: false };
    const note = uncountedNote(rank.totalParticipants - 1);
    const [, outOf, checkedHere] = /^Out of (\d+): the (\d+) results? checked here/.exec(note) ?? [];
    expect(Number(outOf)).toBe(rank.totalParticipants);
    const sessionCounts = [...upload.normalisationNote.matchAll(/CS \d: (\d+)/g)].map((match) => Number(match[1]));
    expect(sessionCounts).toEqual([0, 0]);
    expect(sessionCounts.reduce((sum, count) => sum + count, 0)).toBe(Number(checkedHere));
    expect(upload.warnings).toContain(
      'Raw marks: the official normalisation needs 30 results checked here in each session (so far CS 1: 0, CS 2: 0).',
    );
  });
  it('says where the responses came from, and nothing for a scorecard saved before the API said it', () => {
    expect(provenanceText('portal')).toBe(PROVENANCE_WORDS.portal);
    expect(provenanceText('uploaded')).toBe(PROVENANCE_WORDS.uploaded);
    expect(provenanceText('confirmed')).toBe(PROVENANCE_WORDS.confirmed);
    expect(new Set([provenanceText('portal'), provenanceText('uploaded'), provenanceText('confirmed')]).size).toBe(3);
    for (const saved of [undefined, null, '', 'typed', 'toString', 1]) expect(provenanceText(saved)).toBeUndefined();
  });
});

function pick(status: { qualifies: boolean; qualifyingMarks: number }) {
  return { qualifies: status.qualifies, qualifyingMarks: status.qualifyingMarks };
}
