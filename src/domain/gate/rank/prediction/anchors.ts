import type { RankData } from '../published-data/data';

/**
 * A rank for a paper without marks→rank data, from the few figures GATE publishes for every paper: how many appeared
 * (N), how many qualified (Q) at the qualifying mark (Mq), and the score formula's second fixed point, the mean of the
 * top 0.1% (M̄t). Two points of the marks→rank curve follow from them:
 *
 * - at Mq the rank is Q (everyone at or above the qualifying mark qualified);
 * - at M̄t the rank is k/e, where k = max(0.1% of N, 10) is the top group: where ln(rank) falls linearly with marks,
 *   the top k's marks sit 1/slope above the k-th, on average, and that is the rank k/e.
 *
 * Between and beyond them ln(rank) is taken as linear in marks, kept within 1…N. The range is ×/÷ the spread the
 * leave-one-year-out backtest on CS (the one paper with published marks→rank points) finds honest: for each held-out
 * year, the spread calibrated on the other years, and the share of the held-out year's points inside it
 * (`backtestAnchors`, printed by `npm run bench:anchors`).
 */
export interface RankAnchors {
  appeared: number;
  qualified: number;
  qualifyingMarks: number;
  topMean: number;
}

/** GATE's top group for M̄t: the top 0.1% of those who appeared, or the top ten, whichever is larger. */
export const TOP_SHARE = 0.001;
export const TOP_MINIMUM = 10;

/** Each year's errors are read at this share of its points (its 90th percentile of |ln error|). */
const YEAR_QUANTILE = 0.9;

export interface AnchorRank {
  estimate: number;
  /** Best and worst rank: the estimate ×/÷ e^spread, within 1…N. */
  range: [number, number];
}

/** Whether the anchors make a falling curve: M̄t above Mq, and fewer at the top than qualified. */
export function usableAnchors(anchors: RankAnchors): boolean {
  const { appeared, qualified, qualifyingMarks, topMean } = anchors;
  return topMean > qualifyingMarks && qualified > topRankOf(appeared) && appeared >= qualified && qualified > 0;
}

const topRankOf = (appeared: number) => Math.max(TOP_SHARE * appeared, TOP_MINIMUM) / Math.E;

/** The natural log of the rank at these marks, from the anchors alone (unclamped). */
function logRankAt(marks: number, { appeared, qualified, qualifyingMarks, topMean }: RankAnchors): number {
  const slope = (Math.log(qualified) - Math.log(topRankOf(appeared))) / (topMean - qualifyingMarks);
  return Math.log(qualified) - slope * (marks - qualifyingMarks);
}

const withinField = (rank: number, appeared: number) => Math.min(appeared, Math.max(1, rank));

export function rankFromAnchors(marks: number, anchors: RankAnchors, spread: number = ANCHOR_SPREAD): AnchorRank {
  const logRank = logRankAt(marks, anchors);
  const at = (value: number) => Math.round(withinField(Math.exp(value), anchors.appeared));
  return { estimate: at(logRank), range: [at(logRank - spread), at(logRank + spread)] };
}

/** A year of a paper with its anchors and its known (marks, rank) points: what the backtest predicts and checks. */
export interface AnchorYear {
  year: number;
  anchors: RankAnchors;
  /** Whether M̄t was published that year, or taken from the nearest year that published one. */
  topMeanKind: 'published' | 'estimated';
  points: ReadonlyArray<readonly [marks: number, rank: number]>;
}

/** ln(predicted / actual) at each of the year's points. */
export function anchorErrors({ anchors, points }: Pick<AnchorYear, 'anchors' | 'points'>): number[] {
  return points.map(
    ([marks, rank]) => Math.log(withinField(Math.exp(logRankAt(marks, anchors)), anchors.appeared)) - Math.log(rank),
  );
}

/** The q-quantile of the values (linear between order statistics). */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/**
 * The spread in ln(rank) that holds each year's errors: every year's 90th percentile of |error|, and the largest of
 * them, so a year unlike the others (2024, whose M̄t is not published) sets the width rather than being outvoted by a
 * year with many points.
 */
export function calibrateSpread(years: readonly AnchorYear[]): number {
  return Math.max(...years.map((year) => quantile(anchorErrors(year).map(Math.abs), YEAR_QUANTILE)));
}

export interface AnchorBacktestYear {
  year: number;
  topMeanKind: AnchorYear['topMeanKind'];
  /** The spread calibrated on the other years, as the factor ×/÷. */
  rangeFactor: number;
  /** The median of the held-out year's errors as a factor (×1.5: off by half or by a third). */
  medianErrorFactor: number;
  inside: number;
  points: number;
}

/** Leave-one-year-out: each year predicted from its own anchors, its range calibrated on the other years only. */
export function backtestAnchors(years: readonly AnchorYear[]): AnchorBacktestYear[] {
  return years.map((heldOut) => {
    const spread = calibrateSpread(years.filter((year) => year !== heldOut));
    const errors = anchorErrors(heldOut);
    return {
      year: heldOut.year,
      topMeanKind: heldOut.topMeanKind,
      rangeFactor: Math.exp(spread),
      medianErrorFactor: Math.exp(quantile(errors.map(Math.abs), 0.5)),
      inside: errors.filter((error) => Math.abs(error) <= spread).length,
      points: errors.length,
    };
  });
}

/**
 * The years of a paper in the rank data that a backtest can use: appeared, qualified, the general qualifying mark and
 * reported points. A year without a published M̄t takes the nearest year's that has one (the earlier at equal
 * distance), as a paper's score inputs would estimate it.
 */
export function anchorYearsOf(data: RankData, paper: string): AnchorYear[] {
  const years = Object.entries(data.papers[paper]?.years ?? {}).map(([year, yearData]) => ({
    year: Number(year),
    official: yearData.official ?? {},
    points: yearData.reported ?? [],
  }));
  const published = years.filter((year) => typeof year.official.topMeanMarks === 'number');
  return years.flatMap(({ year, official, points }) => {
    const { appeared, qualified } = official;
    const qualifyingMarks = official.qualifyingMarks?.general;
    const nearest = [...published].sort((a, b) => Math.abs(a.year - year) - Math.abs(b.year - year) || a.year - b.year);
    const topMean = nearest[0]?.official.topMeanMarks;
    if (!appeared || !qualified || qualifyingMarks === undefined || !topMean || points.length === 0) return [];
    const own = typeof official.topMeanMarks === 'number';
    return [
      {
        year,
        anchors: { appeared, qualified, qualifyingMarks, topMean },
        topMeanKind: own ? ('published' as const) : ('estimated' as const),
        points,
      },
    ];
  });
}

/**
 * The spread used for every paper: calibrateSpread over every CS year of rank data v3 (anchors.test.ts holds it to
 * that figure), ×/÷ 4.8. Wide, because a year whose M̄t is only estimated misses the top by that much (2024's rank 1).
 */
export const ANCHOR_SPREAD = 1.5616;
