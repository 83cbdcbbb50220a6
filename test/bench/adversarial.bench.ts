/**
 * Adversarial lane of the rank model (run by npm run bench:rank; ADVERSARIAL_FACTOR=x for another forged curve): after
 * the results, candidates add their official (marks, AIR), and everyone's rank is read off those reports
 * (afterResults). A forger sends reports on a curve of their choosing; how far does that move an honest candidate's
 * rank, with every report counted alike (the code path before report-consensus.ts) and with reportConsensus's weights?
 *
 * Per held-out year (CS 2023, 2024, 2025) and seed: 2,000 checkers drawn from the year's own field leaning moderately
 * towards the strong (power, β 0.35), 5% of them reporting their true AIR (test/support/rank-crowds.ts), each its own
 * reporter (address, device and network), 30% of them read from the official scorecard, the rest typed. The forecast
 * each report is measured against knows only earlier years (asOfYear; 2023 from the other years, as no year before it
 * has a published top-0.1% mean), and the year's appeared count, published with the results. The forger adds 0%, 10%
 * or 30% of all reports, at marks drawn like the checkers', each AIR the true AIR at those marks × 4.5, typed, and
 * with provenance `portal` (the worst case: as if they had real portal links), either from one network (many
 * addresses and devices) or each from its own network, address and device. The honest candidates read are the
 * field's at AIR 25, 50, 100, … up to the qualified count.
 *
 * Per cell: the median ratio error max(read / true, true / read) and the share of true AIRs inside the range read,
 * over every held-out candidate and seed; for the consensus also the forged reports' share of the fit's weight. The
 * same honest reports serve every cell of a seed, so the cells differ only by the forger.
 */
import { RANK_DATA, dataWithoutYear } from '../../src/domain/gate/rank/published-data/data';
import { afterResults } from '../../src/domain/gate/rank/official-results/after-results';
import { buildYearCurves } from '../../src/domain/gate/rank/prediction/history';
import type { RankPredictor } from '../../src/domain/gate/rank/prediction/predict';
import { rankPredictor } from '../../src/domain/gate/rank/prediction/predict';
import type { ReportForConsensus } from '../../src/domain/gate/rank/official-results/report-consensus';
import { reportConsensus } from '../../src/domain/gate/rank/official-results/report-consensus';
import type { ReportedPair } from '../../src/domain/gate/rank/official-results/reported-ranks';
import { itemAt } from '../../src/domain/lists';
import type { Checker, SimulatedField } from '../support/rank-crowds';
import { drawCrowd, fieldOf, leansOf, random, reportsOf } from '../support/rank-crowds';

const YEARS = [2023, 2024, 2025];
/** A year before which no year has a published top-0.1% mean: its forecast is made from the other years. */
const WITHOUT_EARLIER_TOP_MEAN = 2023;
const SEEDS = [1, 2, 3, 4, 5];
const CROWD_SIZE = 2000;
const CROWD_LEAN = 0.35;
const REPORT_SHARE = 0.05;
const DOCUMENT_CHECKED_SHARE = 0.3;
const FORGED_SHARES = [0, 0.1, 0.3];
const FORGED_FACTOR = Number(process.env.ADVERSARIAL_FACTOR ?? 4.5);
const FORGERS = ['one network', 'many networks'] as const;
type Forger = (typeof FORGERS)[number];
/** The first held-out candidate's AIR; each next one's is twice it, up to the year's qualified count. */
const FIRST_HELD_OUT_RANK = 25;

interface PointResult {
  actual: number;
  predicted: number;
  inRange: boolean;
}

interface CellResults {
  old: PointResult[];
  consensus: PointResult[];
  /** Per seed: the forged reports' share of the consensus pairs' weight. */
  forgedWeight: number[];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? itemAt(sorted, middle) : (itemAt(sorted, middle - 1) + itemAt(sorted, middle)) / 2;
}

const cellKey = (year: number, share: number, forger: Forger) => `${year} ${share} ${forger}`;
const cells = new Map<string, CellResults>();
const cellOf = (key: string): CellResults => {
  const existing = cells.get(key);
  if (existing) return existing;
  const created: CellResults = { old: [], consensus: [], forgedWeight: [] };
  cells.set(key, created);
  return created;
};

/** The forecast before any report, cached per marks (reports come in thirds of a mark). */
function forecastOf(predictor: RankPredictor): (marks: number) => ReportForConsensus['forecast'] {
  const cache = new Map<number, ReportForConsensus['forecast']>();
  return (marks) => {
    const cached = cache.get(marks);
    if (cached) return cached;
    const { estimatedRank, rankRange } = predictor.at(marks);
    const forecast = { rank: estimatedRank, rankRange };
    cache.set(marks, forecast);
    return forecast;
  };
}

/** The honest checkers who report: each their own reporter, a share of them from the official scorecard. */
function honestReports(
  reporters: readonly Checker[],
  seed: number,
  forecast: (marks: number) => ReportForConsensus['forecast'],
): ReportForConsensus[] {
  const next = random(seed);
  return reporters.map((checker, i) => ({
    id: `honest-${i}`,
    marks: checker.marks,
    rank: checker.rank,
    provenance: 'portal',
    documentChecked: next() < DOCUMENT_CHECKED_SHARE,
    quarantined: false,
    reporter: { address: `honest-address-${i}`, device: `honest-device-${i}`, network: `honest-network-${i}` },
    forecast: forecast(checker.marks),
  }));
}

/** `count` forged reports at marks drawn from the checkers, each AIR the true one × FORGED_FACTOR. */
function forgedReports(
  checkers: readonly Checker[],
  count: number,
  forger: Forger,
  seed: number,
  field: SimulatedField,
  forecast: (marks: number) => ReportForConsensus['forecast'],
): ReportForConsensus[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const { marks, rank } = itemAt(checkers, Math.floor(next() * checkers.length));
    return {
      id: `forged-${i}`,
      marks,
      rank: Math.min(field.appeared, Math.max(1, Math.round(rank * FORGED_FACTOR))),
      provenance: 'portal',
      documentChecked: false,
      quarantined: false,
      reporter: {
        address: `forged-address-${i}`,
        device: `forged-device-${i}`,
        network: forger === 'one network' ? 'forged-network' : `forged-network-${i}`,
      },
      forecast: forecast(marks),
    };
  });
}

function readAll(
  predictor: RankPredictor,
  heldOut: readonly { marks: number; rank: number }[],
  pairs: readonly ReportedPair[],
): PointResult[] {
  return heldOut.map(({ marks, rank }) => {
    const read = afterResults(predictor.at(marks), pairs);
    const [low, high] = read.rankRange;
    return { actual: rank, predicted: read.estimatedRank, inRange: low <= rank && rank <= high };
  });
}

const started = performance.now();
const curves = new Map(buildYearCurves(RANK_DATA, 'CS').map((curve) => [curve.year, curve]));
for (const year of YEARS) {
  const curve = curves.get(year);
  const qualified = RANK_DATA.papers.CS?.years[String(year)]?.official?.qualified;
  if (!curve || !qualified) throw new Error(`No field or qualified count for CS ${year}.`);
  const field = fieldOf(curve);
  const predictor =
    year === WITHOUT_EARLIER_TOP_MEAN
      ? rankPredictor({ testPaper: 'CS 1', year, data: dataWithoutYear(RANK_DATA, year), appeared: field.appeared })
      : rankPredictor({ testPaper: 'CS 1', asOfYear: year, appeared: field.appeared });
  const forecast = forecastOf(predictor);
  const heldOut: { marks: number; rank: number }[] = [];
  for (let rank = FIRST_HELD_OUT_RANK; rank <= qualified; rank *= 2) {
    heldOut.push({ marks: Math.round(itemAt(field.bestFirst, rank - 1) * 3) / 3, rank });
  }
  const leans = leansOf(field, 'power', CROWD_LEAN);
  for (const seed of SEEDS) {
    const { checkers } = drawCrowd(field, leans, CROWD_SIZE, year * 1000 + seed);
    const honest = honestReports(reportsOf(checkers, REPORT_SHARE, year * 1000 + 50 + seed), seed, forecast);
    for (const share of FORGED_SHARES) {
      const count = Math.round((honest.length * share) / (1 - share));
      for (const forger of FORGERS) {
        const reports = [
          ...honest,
          ...forgedReports(checkers, count, forger, year * 1000 + 100 + seed, field, forecast),
        ];
        const cell = cellOf(cellKey(year, share, forger));
        cell.old.push(...readAll(predictor, heldOut, reports));
        const consensus = reportConsensus(reports);
        cell.consensus.push(...readAll(predictor, heldOut, consensus.pairs));
        const weights = consensus.assessed.map((assessed) => assessed.weight);
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        const forged = weights.slice(honest.length).reduce((sum, weight) => sum + weight, 0);
        cell.forgedWeight.push(total > 0 ? forged / total : 0);
      }
    }
  }
}

const summary = (results: readonly PointResult[]) => {
  const ratio = Math.exp(median(results.map((r) => Math.abs(Math.log(r.predicted / r.actual)))));
  const inRange = results.filter((r) => r.inRange).length / results.length;
  return `×${ratio.toFixed(2)} ${Math.round(100 * inRange)}%`;
};
const pooled = (keys: readonly string[], pick: (cell: CellResults) => PointResult[]) =>
  keys.flatMap((key) => pick(cellOf(key)));

console.log(
  `Adversarial lane, CS ${YEARS.join(', ')}: ${CROWD_SIZE} checkers leaning power β ${CROWD_LEAN}, ${100 * REPORT_SHARE}% reporting (${100 * DOCUMENT_CHECKED_SHARE}% document-checked), ${SEEDS.length} seeds a cell; forged AIR = true AIR × ${FORGED_FACTOR}, typed, provenance portal`,
);
console.log('Per cell: median ratio error max(read / true, true / read), share of true AIRs inside the range read;');
console.log("old = every report counted alike (weight 1); new = reportConsensus's weighted pairs\n");
console.log(
  `| forged | forger | ${YEARS.map((y) => `${y} old | ${y} new`).join(' | ')} | all old | all new | forged weight (new) |`,
);
console.log(`| --- | --- | ${YEARS.map(() => '--- | ---').join(' | ')} | --- | --- | --- |`);
for (const share of FORGED_SHARES) {
  for (const forger of share === 0 ? FORGERS.slice(0, 1) : FORGERS) {
    const keys = YEARS.map((year) => cellKey(year, share, forger));
    const perYear = keys.map((key) => `${summary(cellOf(key).old)} | ${summary(cellOf(key).consensus)}`);
    const forgedWeight = median(keys.flatMap((key) => cellOf(key).forgedWeight));
    console.log(
      `| ${Math.round(100 * share)}% | ${share === 0 ? '—' : forger} | ${perYear.join(' | ')} | ${summary(pooled(keys, (c) => c.old))} | ${summary(pooled(keys, (c) => c.consensus))} | ${Math.round(100 * forgedWeight)}% |`,
    );
  }
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
