import { describe, expect, it } from 'vitest';
import { predictAnyPaper } from './paper-prediction';

const single = (marks: number, code = 'EE', rankedAs = code, year = 2025) =>
  predictAnyPaper({ code, rankedAs, year, session: code, marks, marksBySession: { [code]: [marks] } });

describe('a prediction for any paper', () => {
  it('gives EE 2025 its qualifying status by category, and says why neither a GATE score nor a field rank', () => {
    const prediction = single(40);
    expect(prediction).toMatchObject({ normMarks: 40, normalisation: 'raw', score: null, estimatedRank: null });
    expect(prediction.rankBasis).toBe('results-here');
    expect(prediction.qualifying?.general.qualifies).toBe(true);
    expect(prediction.paperScore.qualifyingMarks?.general.kind).toBe('published');
    expect(prediction.paperScore.qualifyingMarks?.scStPwd.kind).toMatch(/published|derived/);
    expect(prediction.warnings).toContain('No top-0.1% mean of EE is known: the GATE score cannot be computed.');
    expect(prediction.rankMethod).toBe(
      'No all-India rank can be estimated for GATE 2025 EE: GATE publishes no marks-to-rank data for it, and how many appeared, how many qualified and the top-0.1% mean are not known. Your rank among the results checked here stands instead.',
    );
  });

  it('ranks GG1 and GG2 apart, each with its own qualifying mark', () => {
    const [gg1, gg2] = ['GG1', 'GG2'].map((ranked) => single(30, 'GG', ranked));
    expect(gg1?.rankedAs).toBe('GG1');
    expect(gg1?.paperScore.qualifyingMarks?.general.value).not.toBe(gg2?.paperScore.qualifyingMarks?.general.value);
  });

  it('ranks from the anchors where they were published (CS 2025): a range around the estimate, and the GATE score', () => {
    const prediction = single(60, 'CS');
    expect(prediction.rankBasis).toBe('anchors');
    expect(prediction.score).toBeGreaterThan(350);
    expect(prediction.scoreKind).toBe('published');
    const [best, worst] = prediction.rankRange!;
    expect(best).toBeLessThan(prediction.estimatedRank!);
    expect(worst).toBeGreaterThan(prediction.estimatedRank!);
    expect(prediction.rankMethod).toMatch(/^Estimated from GATE 2025's published counts for CS \(1,70,825 appeared/);
  });

  it('normalises a two-session paper by the official formula once each session has enough results', () => {
    const session = (shift: number) => Array.from({ length: 60 }, (_, i) => 10 + i + shift);
    const prediction = predictAnyPaper({
      code: 'CE',
      rankedAs: 'CE',
      year: 2025,
      session: 'CE 2',
      marks: 50,
      marksBySession: { 'CE 1': session(0), 'CE 2': session(-8) },
    });
    expect(prediction.normalisation).toBe('official-formula');
    expect(prediction.normMarks).toBeGreaterThan(50);
  });
});
