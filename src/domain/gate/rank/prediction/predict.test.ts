import { describe, expect, it } from 'vitest';
import { drawCrowd, fieldOf, leansOf } from '../../../../../test/support/rank-crowds';
import { RANK_DATA, RANK_DATA_VERSIONS, dataWithoutYear, yearsOf } from '../published-data/data';
import { buildYearCurves, xForLogShare } from './history';
import type { CrowdInput } from './predict';
import { RankModelError, predict, rankPredictor } from './predict';

const cs2023 = buildYearCurves(RANK_DATA, 'CS').find((c) => c.year === 2023)!;

/**
 * Stored results of a CS 2023-like year shifted by `shift` marks (an easier year when positive), checked more by
 * strong candidates: with P(check) ∝ share^−0.35 the crowd's i-th result sits at field share u^(1 / 0.65).
 */
function crowd(count: number, shift = 0): CrowdInput {
  const marks = Array.from({ length: count }, (_, i) => {
    const share = ((i + 0.5) / count) ** (1 / 0.65);
    return Math.round((cs2023.qualifyingMarks + shift + xForLogShare(cs2023, Math.log(share))) * 100) / 100;
  });
  return {
    marksBySession: { 'CS 1': marks.filter((_, i) => i % 2 === 0), 'CS 2': marks.filter((_, i) => i % 2 === 1) },
  };
}

const marksGrid = Array.from({ length: 56 }, (_, i) => -10 + 2 * i);

describe('predict: score and qualifying', () => {
  it('uses the year’s published Mq and M̄t: CS 2025, 60 marks → score 663', () => {
    const p = predict({ testPaper: 'CS 2', marks: 60, year: 2025 });
    expect(p.score).toBe(663);
    expect(p.scoreInputs.qualifyingMarks).toEqual({ value: 29.2, source: 'published 2025' });
    expect(p.qualifying.general).toEqual({ qualifyingMarks: 29.2, qualifies: true });
    expect(p.qualifying.scStPwd.qualifyingMarks).toBe(19.4);
  });

  it('falls back on the mean of the published qualifying marks and the latest top mean, and says so', () => {
    const p = predict({ testPaper: 'CS 1', marks: 60, asOfYear: 2025 });
    const earlier = yearsOf(RANK_DATA, 'CS').filter((y) => y.year < 2025);
    const published = earlier.flatMap((y) => y.data.official?.qualifyingMarks?.general ?? []);
    const mean = published.reduce((sum, m) => sum + m, 0) / published.length;
    expect(p.scoreInputs.qualifyingMarks.value).toBeCloseTo(mean, 2);
    expect(p.scoreInputs.qualifyingMarks.source).toMatch(/^mean of published \d{4}–2024$/);
    expect(p.scoreInputs.topMean.source).toBe('published 2023 (latest known)');
    expect(p.historicalYears.every((y) => y < 2025)).toBe(true);
  });

  it('takes the published category marks of the year when there are some', () => {
    const p = predict({ testPaper: 'DA', marks: 24, year: 2026 });
    expect(p.qualifying.obcNclEws).toEqual({ qualifyingMarks: 23.7, qualifies: true });
    expect(p.qualifying.general.qualifies).toBe(false);
  });
});

describe('predict: normalisation', () => {
  it('keeps raw marks and says why until each session has enough results', () => {
    const p = predict({ testPaper: 'CS 1', marks: 55, crowd: { marksBySession: { 'CS 1': [50, 60], 'CS 2': [] } } });
    expect(p.normalisation).toBe('raw');
    expect(p.normMarks).toBe(55);
    expect(p.normalisationNote).toBe(
      'Raw marks: the official normalisation needs 30 results checked here in each session (so far CS 1: 2, CS 2: 0).',
    );
  });

  it('normalises with the official formula once both sessions have enough results', () => {
    const easierSecondSession: CrowdInput = {
      marksBySession: { 'CS 1': crowd(200).marksBySession['CS 1'], 'CS 2': crowd(200, 8).marksBySession['CS 2'] },
    };
    const first = predict({ testPaper: 'CS 1', marks: 55, crowd: easierSecondSession });
    const second = predict({ testPaper: 'CS 2', marks: 55, crowd: easierSecondSession });
    expect(first.normalisation).toBe('official-formula');
    expect(first.normMarks).toBeGreaterThan(second.normMarks);
  });

  it('treats DA as a single session', () => {
    const p = predict({ testPaper: 'DA', marks: 41.33 });
    expect(p.normalisation).toBe('raw');
    expect(p.normMarks).toBe(41.33);
  });
});

describe('predict: rank', () => {
  it.each(
    ([1, 2, 3, 4] as const).flatMap((version) => [
      [`data v${version}, no crowd`, version, undefined],
      [`data v${version}, a small crowd`, version, crowd(40)],
      [`data v${version}, a large crowd`, version, crowd(3000)],
    ]),
  )('keeps the point inside the range and never ranks more marks worse (%s)', (_, version, stored) => {
    let previous = Infinity;
    // One fitted model for every marks: what predict does per call.
    const model = rankPredictor({ testPaper: 'CS 1', crowd: stored, data: RANK_DATA_VERSIONS[version] });
    for (const marks of marksGrid) {
      const p = model.at(marks);
      expect(p).toEqual(
        marks % 10 === 0 ? predict({ testPaper: 'CS 1', marks, crowd: stored, data: RANK_DATA_VERSIONS[version] }) : p,
      );
      expect(p.rankRange[0]).toBeLessThanOrEqual(p.estimatedRank);
      expect(p.estimatedRank).toBeLessThanOrEqual(p.rankRange[1]);
      expect(p.rankRange[0]).toBeGreaterThanOrEqual(1);
      expect(p.rankRange[1]).toBeLessThanOrEqual(p.expectedAppeared.value);
      expect(p.estimatedRank).toBeLessThanOrEqual(previous);
      previous = p.estimatedRank;
    }
  });

  it('fits once for a paper and crowd, and gives every session’s marks the prediction predict gives', () => {
    const stored = crowd(500);
    const model = rankPredictor({ testPaper: 'CS 1', crowd: stored });
    for (const [testPaper, marks] of [
      ['CS 1', 47.33],
      ['CS 2', 47.33],
      ['CS 2', 81],
    ] as const) {
      expect(model.at(marks, testPaper)).toEqual(predict({ testPaper, marks, crowd: stored }));
    }
    expect(() => model.at(50, 'DA')).toThrow(RankModelError);
  });

  it('says why the range is wide while the qualifying mark is only forecast, and not once it is published', () => {
    const forecast = predict({ testPaper: 'CS 1', marks: 60, asOfYear: 2025 });
    expect(forecast.warnings.join(' ')).toMatch(/range is wide: this year's qualifying mark is not known yet/);
    expect(forecast.warnings.join(' ')).toMatch(/differ by up to 7\.5 marks/);
    const published = predict({ testPaper: 'CS 1', marks: 60, year: 2025 });
    expect(published.warnings.join(' ')).not.toMatch(/range is wide/);
    const spread = (p: typeof forecast) => p.rankRange[1] / p.rankRange[0];
    expect(spread(forecast)).toBeGreaterThan(spread(published));
  });

  it('with a strongly self-selected crowd, reads the top of the field off the top of the crowd', () => {
    // Every one of the best 40 checks (ranks 1–40 at marks 90, 89.5, …); below them only one in ten.
    const top = Array.from({ length: 40 }, (_, i) => 90 - i / 2);
    const rest = Array.from({ length: 1500 }, (_, i) => 69 - (i * 60) / 1500);
    const stored = { marksBySession: { DA: [...top, ...rest] } };
    const p = predict({ testPaper: 'DA', marks: 85, year: 2025, crowd: stored });
    // 10 results above 85: the top being whole, the field rank is about 11, not 11 × (57054 / 1540).
    expect(p.rankRange[0]).toBeLessThanOrEqual(11);
    expect(p.rankRange[1]).toBeGreaterThanOrEqual(11);
    expect(p.estimatedRank).toBeLessThan(60);
  });

  it('puts the qualified count at the qualifying mark when the year has one', () => {
    const p = predict({ testPaper: 'CS 1', marks: 32.5, year: 2023 });
    expect(p.estimatedRank).toBeGreaterThan(0.9 * 14797);
    expect(p.estimatedRank).toBeLessThan(1.1 * 14797);
  });

  it('once the qualified count is out, is surest at the qualifying mark and less so away from it', () => {
    const width = (marks: number) => {
      const p = predict({ testPaper: 'CS 1', marks, year: 2025 });
      return p.rankRange[1] / p.rankRange[0];
    };
    expect(width(29.2)).toBeLessThan(width(45));
    expect(width(45)).toBeLessThan(width(75));
  });

  it('widens the range and says so beyond the historical data', () => {
    // Pinned to data v3, whose highest reported mark is 91.07.
    const data = RANK_DATA_VERSIONS[3];
    const inside = predict({ testPaper: 'CS 1', marks: 60, data });
    const above = predict({ testPaper: 'CS 1', marks: 97, data });
    const below = predict({ testPaper: 'CS 1', marks: 5, data });
    const width = (p: typeof inside) => p.rankRange[1] / p.rankRange[0];
    expect(inside.extrapolated).toBe(false);
    for (const outside of [above, below]) {
      expect(outside.extrapolated).toBe(true);
      expect(width(outside)).toBeGreaterThan(width(inside));
    }
    expect(above.warnings.join(' ')).toMatch(/above the highest mark in the historical data/);
    expect(below.warnings.join(' ')).toMatch(/below the lowest mark/);
  });

  it('scales with the expected number of candidates', () => {
    const small = predict({ testPaper: 'CS 1', marks: 50, appeared: 100_000 });
    const large = predict({ testPaper: 'CS 1', marks: 50, appeared: 200_000 });
    expect(large.estimatedRank / small.estimatedRank).toBeCloseTo(2, 1);
    expect(large.percentile).toBeCloseTo(small.percentile, 1);
    expect(large.expectedAppeared).toEqual({ value: 200_000, source: 'given' });
  });

  it('lets a backtest see only the years before', () => {
    const p = predict({ testPaper: 'CS 1', marks: 60, asOfYear: 2024, appeared: 123_967 });
    expect(p.historicalYears).toContain(2023);
    expect(p.historicalYears.every((y) => y < 2024)).toBe(true);
    expect(p.year).toBe(2024);
    expect(() => predict({ testPaper: 'CS 1', marks: 60, asOfYear: 2015 })).toThrow(RankModelError);
  });

  it('borrows the CS curves for DA, with a wider range, and names the paper they are of', () => {
    const da = predict({ testPaper: 'DA', marks: 50, appeared: 100_000 });
    const cs = predict({ testPaper: 'CS 1', marks: 50, appeared: 100_000, year: 2024 });
    expect(da.curvesOf).toBe('CS');
    expect(cs.curvesOf).toBe('CS');
    expect(da.method).toMatch(/historical curves of CS/);
    expect(da.rankRange[1] / da.rankRange[0]).toBeGreaterThan(cs.rankRange[1] / cs.rankRange[0]);
  });
});

describe('predict: the crowd', () => {
  it('reports how many stored results it rests on and how they weigh', () => {
    const p = predict({ testPaper: 'CS 1', marks: 60, crowd: crowd(500) });
    expect(p.sampleSize).toBe(500);
    expect(p.method).toMatch(/crowd rank \d+ of 500 stored results/);
    expect(predict({ testPaper: 'CS 1', marks: 60 }).sampleSize).toBe(0);
  });

  it('leaves the rank to earlier years where a crowd of unknown lean could be an easier year or a leaning crowd', () => {
    const year = 2027;
    const none = predict({ testPaper: 'CS 1', marks: 60, year });
    const many = predict({ testPaper: 'CS 1', marks: 60, year, crowd: crowd(4000, 8) });
    // 4,000 results 8 marks above a 2023-like year: an easier year, or strong candidates checking more.
    expect(many.estimatedRank / none.estimatedRank).toBeGreaterThan(0.8);
    expect(many.estimatedRank / none.estimatedRank).toBeLessThan(1.25);
    expect(many.rankRange[0]).toBeLessThanOrEqual(none.rankRange[0] * 1.1);
    expect(many.rankRange[1]).toBeGreaterThanOrEqual(none.rankRange[1] / 1.1);
    expect(many.warnings.join(' ')).toMatch(
      /by how much is not known until official results are reported here .*At these marks those leans disagree, so the rank follows earlier years' curves/,
    );
  });

  it('says when few stored results are expected above the marks, and not in the middle of the crowd', () => {
    const few = /stored results are expected above these marks/;
    expect(predict({ testPaper: 'CS 1', marks: 85, year: 2027, crowd: crowd(200) }).warnings.join(' ')).toMatch(few);
    expect(predict({ testPaper: 'CS 1', marks: 40, year: 2027, crowd: crowd(200) }).warnings.join(' ')).not.toMatch(
      few,
    );
  });

  it('gives the same prediction from sorted and from unsorted marks, and leaves the marks as they were', () => {
    const stored = crowd(3000);
    const ascending = (marks: readonly number[] = []) => [...marks].sort((a, b) => a - b);
    const sorted = {
      marksBySession: {
        'CS 1': ascending(stored.marksBySession['CS 1']),
        'CS 2': ascending(stored.marksBySession['CS 2']),
      },
    };
    const before = JSON.stringify(stored);
    for (const marks of [45, 70, 88]) {
      expect(predict({ testPaper: 'CS 1', marks, crowd: sorted })).toEqual(
        predict({ testPaper: 'CS 1', marks, crowd: stored }),
      );
    }
    expect(JSON.stringify(stored)).toBe(before);
  });

  it('narrows the range as the crowd grows', () => {
    const width = (p: ReturnType<typeof predict>) => p.rankRange[1] / p.rankRange[0];
    const small = predict({ testPaper: 'CS 1', marks: 50, year: 2027, crowd: crowd(100) });
    const large = predict({ testPaper: 'CS 1', marks: 50, year: 2027, crowd: crowd(4000) });
    expect(width(large)).toBeLessThan(width(small));
  });

  it('keeps the latest published top-0.1% mean while the crowd’s lean is unknown, and reads DA’s through the crowd', () => {
    const stored = crowd(2000);
    const p = predict({ testPaper: 'CS 1', marks: 60, year: 2027, crowd: stored, appeared: cs2023.appeared });
    expect(p.scoreInputs.topMean).toEqual({ value: 83.24, source: 'published 2025 (latest known)' });
    // DA has none published: its crowd's best ten lean far above the field's top 0.1%, read through the lean instead.
    const daMarks = Object.values(stored.marksBySession).flat();
    const da = predict({ testPaper: 'DA', marks: 60, crowd: { marksBySession: { DA: daMarks } } });
    expect(da.scoreInputs.topMean.source).toBe('crowd fit from 2000 stored results');
    const crowdsOwnTopMean =
      [...daMarks]
        .sort((a, b) => b - a)
        .slice(0, 10)
        .reduce((sum, m) => sum + m, 0) / 10;
    expect(da.scoreInputs.topMean.value).toBeLessThan(crowdsOwnTopMean - 5);
  });

  it('keeps the forecast qualifying mark while the crowd’s lean is unknown: a shifted crowd may be a leaning one', () => {
    const easy = predict({ testPaper: 'CS 1', marks: 60, year: 2027, crowd: crowd(3000, 6) });
    const hard = predict({ testPaper: 'CS 1', marks: 60, year: 2027, crowd: crowd(3000, -4) });
    const forecast = predict({ testPaper: 'CS 1', marks: 60, year: 2027 }).scoreInputs.qualifyingMarks;
    expect(easy.scoreInputs.qualifyingMarks).toEqual(forecast);
    expect(hard.scoreInputs.qualifyingMarks).toEqual(forecast);
    expect(easy.score).toBe(hard.score);
  });
});

describe('rankPredictor: a crowd whose best do not all check', () => {
  it('keeps the AIRs candidates reported inside the range', () => {
    // CS 2025 held out; 2,000 checkers leaning strongly but in marks (P ∝ e^(0.052 · marks)): about two in five of the
    // field's top 56 check, and the crowd's top looks like the whole top of a sparser field, which history favours.
    const year = 2025;
    const { official, reported = [] } = RANK_DATA.papers.CS?.years[String(year)] ?? {};
    const field = fieldOf(buildYearCurves(RANK_DATA, 'CS').find((c) => c.year === year)!);
    const { crowd: stored } = drawCrowd(field, leansOf(field, 'exponential', 0.6), 2000, year * 1000 + 6);
    const predictor = rankPredictor({
      testPaper: 'CS 1',
      year,
      appeared: official?.appeared,
      data: dataWithoutYear(RANK_DATA, year),
      crowd: stored,
    });
    const inside = reported.filter(([marks, air]) => {
      const [best, worst] = predictor.at(marks).rankRange;
      return best <= air && air <= worst;
    });
    expect(reported).toHaveLength(6);
    expect(inside.length).toBeGreaterThanOrEqual(5);
  });
});
