import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { MarksSnapshots, PaperMarksSnapshot } from './marks-snapshot';
import { testPaperOf, type TestPaper } from '../../src/domain/gate';
import { afterResults } from '../../src/domain/gate/rank/official-results/after-results';
import { paperKeyOf, type PaperKey, type RankTestPaper } from '../../src/domain/gate/rank/published-data/data';
import { reportConsensus, type ReportConsensus } from '../../src/domain/gate/rank/official-results/report-consensus';
import {
  rankPredictor,
  RankModelError,
  type CrowdInput,
  type Prediction,
  type RankPredictor,
} from '../../src/domain/gate/rank';
import { leanPrior } from '../../src/domain/gate/rank/crowd/lean-measurement';
import type { LeanMeasurement, OfficialReport, Paper, PaperRepository, Store } from '../store';
import type { PaperPrediction } from '../../src/domain/gate/paper-prediction';
import { createAnyPaperPredictions, hasRankModel, rankedPaperOf, sessionPapers } from './any-paper';

/**
 * The crowd: the raw marks of every stored result per paper, from the in-memory marks snapshots (marks-snapshot.ts),
 * which stay current without reading the whole paper per check. A paper held in sessions (CS 1, CS 2) is normalised
 * with the crowds of its sibling sessions: the papers of the same year and code (and the same demo-ness).
 */
/**
 * A prediction for given marks is reused this long: the model costs milliseconds per call, marks take only a few
 * hundred values per paper, and a crowd of thousands moves the estimate by far less than its range in five minutes.
 */
export const PREDICTION_TTL_MS = 5 * 60_000;
/**
 * The model fitted to a paper's crowd is reused for every marks value (a fit costs tens of milliseconds at a million
 * results, a read off it well under one) until PREDICTION_TTL_MS has passed or the crowd has grown by this share: a
 * young crowd's first hundreds of results each move the fit, a million's next thousands do not.
 */
const REFIT_GROWTH = 0.05;
/**
 * The official results of a year are read again this often: a report added, or quarantined by an admin on another
 * instance, moves this instance's ranks within it (on the instance that took it, at once).
 */
export const REPORTS_TTL_MS = 10_000;
/** Width in marks of a distribution bar. */
export const DISTRIBUTION_BIN_WIDTH = 5;

/** The spec's prediction_data: normMarks, score, estimatedRank, then the model's range, method and sample size. */
export type PredictionData = Pick<Prediction, 'normMarks' | 'score' | 'estimatedRank'> &
  Partial<Omit<Prediction, 'normMarks' | 'score' | 'estimatedRank'>>;

/** A prediction the model could not make (no data for the paper): the raw marks and why. */
export interface MissingPrediction {
  normMarks: number;
  score: null;
  estimatedRank: null;
  warnings: string[];
}

export interface Distribution {
  /** The paper's id and name. */
  paperId: string;
  paper: string;
  /** Results the bars count. */
  count: number;
  binWidth: number;
  /** Raw total marks, [from, to) per bar, lowest first; empty without results. */
  bins: Array<{ from: number; to: number; count: number }>;
}

export interface Crowd {
  /** `rankedAs`: the paper a choice is ranked as (GG1, GG2), when not the paper's own code. */
  predictionFor(
    paper: Paper,
    marks: number,
    rankedAs?: string,
  ): Promise<PredictionData | MissingPrediction | PaperPrediction>;
  distribution(paper: Paper): Promise<Distribution>;
  /** The stored raw marks of a ranked paper's sessions, as the rank model reads them (measureLean too). */
  crowdOf(paper: Paper): Promise<CrowdInput>;
  /**
   * The earlier years' forecast for marks on a ranked paper, before any official result of its year is read: what
   * each report is measured against. Null for a paper without a rank model.
   */
  forecastFor(paper: Paper, marks: number): Promise<Prediction | null>;
  /** The official results of a ranked paper's year with their weights in the fit (report-consensus.ts). */
  consensusOf(paper: Paper): Promise<{ reports: OfficialReport[]; consensus: ReportConsensus } | null>;
  /** Reads the year's official results again at the next prediction (one was added, quarantined or restored). */
  forgetReports(year: number): void;
  /** Drops the snapshots and the predictions made from them (the store changed under them). */
  forget(): void;
}

const noModel = (marks: number, reason: string): MissingPrediction => ({
  normMarks: marks,
  score: null,
  estimatedRank: null,
  warnings: [reason],
});

/** A year's official results of one ranked paper, their consensus, and a digest of the pairs it reads ranks off. */
interface ReportFit {
  reports: OfficialReport[];
  consensus: ReportConsensus;
  revision: string;
}

/** What the product learned from official results: the reports themselves, and the leans measured from them. */
export type Learned = { [Name in 'officialReports' | 'leanMeasurements']: Pick<Store[Name], 'list'> };

/**
 * @param learned once a paper's year has enough official results, its ranks are read off them (afterResults); the
 * leans measured in earlier years are the prior on this year's (leanPrior). Both are read once per PREDICTION_TTL_MS,
 * as predictions are kept.
 */
export function createCrowd(
  snapshots: MarksSnapshots,
  papers: Pick<PaperRepository, 'list'>,
  learned?: Learned,
): Crowd {
  const predictions = new LRUCache<string, PredictionData | MissingPrediction>({ max: 5_000, ttl: PREDICTION_TTL_MS });
  const predictors = new LRUCache<string, RankPredictor>({ max: 200, ttl: PREDICTION_TTL_MS });
  const fits = new LRUCache<string, ReportFit>({ max: 40, ttl: REPORTS_TTL_MS });
  const measuredLeans = new LRUCache<'all', LeanMeasurement[]>({ max: 1, ttl: PREDICTION_TTL_MS });
  const anyPaper = createAnyPaperPredictions(snapshots, papers);

  /** The paper and its sibling sessions, by the test paper each stands for. */
  async function sessionsOf(paper: Paper): Promise<Array<[TestPaper, Paper]>> {
    if (paper.session === null) return [[testPaperOf(paper)!, paper]];
    return sessionPapers(paper, await papers.list()).flatMap((sibling) => {
      const testPaper = testPaperOf(sibling);
      return testPaper ? [[testPaper, sibling] as [TestPaper, Paper]] : [];
    });
  }

  /** The official results added for the paper's year, weighed against the forecast at each one's marks. */
  async function fitOf(paper: PaperKey, year: number): Promise<ReportFit> {
    const key = `${paper}|${year}`;
    const cached = fits.get(key);
    if (cached) return cached;
    const reports = learned
      ? (await learned.officialReports.list({ year })).filter(({ set }) => rankedPaperOf(set) === paper)
      : [];
    const consensus = reportConsensus(
      reports.map((report) => ({
        id: report.resultId,
        marks: report.marks ?? report.predicted.normMarks,
        rank: report.rank,
        // Kept before provenance was recorded: nothing vouches for its responses.
        provenance: report.provenance ?? 'uploaded',
        documentChecked: report.documentChecked === true,
        quarantined: report.quarantined === true,
        ...(report.reporter ? { reporter: report.reporter } : {}),
        forecast: report.forecast ?? report.predicted,
      })),
    );
    // Predictions are kept per fit: the same pairs and weights read the same ranks.
    const revision = createHash('sha256').update(JSON.stringify(consensus.pairs)).digest('base64url').slice(0, 16);
    const fit = { reports, consensus, revision };
    fits.set(key, fit);
    return fit;
  }

  /** The prior on the crowd's lean for a paper's year: from the leans measured in its earlier years, if any. */
  async function leanOf(paper: PaperKey, year: number) {
    if (!learned) return undefined;
    let measurements = measuredLeans.get('all');
    if (!measurements) {
      measurements = await learned.leanMeasurements.list();
      measuredLeans.set('all', measurements);
    }
    return leanPrior(measurements, paper, year);
  }

  /** The model fitted to the paper's crowd and lean, refitted as the crowd grows (REFIT_GROWTH). */
  async function predictorOf(paper: Paper, testPaper: RankTestPaper) {
    const crowd = await crowdOf(paper);
    const size = Object.values(crowd.marksBySession).reduce((sum, marks) => sum + (marks?.length ?? 0), 0);
    const key = `${paper.id}|${Math.floor(Math.log1p(size) / Math.log1p(REFIT_GROWTH))}`;
    let predictor = predictors.get(key);
    if (!predictor) {
      const lean = await leanOf(paperKeyOf(testPaper), paper.year);
      predictor = rankPredictor({ testPaper, year: paper.year, crowd, ...(lean ? { lean } : {}) });
      predictors.set(key, predictor);
    }
    return predictor;
  }

  async function crowdOf(paper: Paper): Promise<CrowdInput> {
    const marksBySession = Object.fromEntries(
      await Promise.all(
        // The snapshot's ascending list as it is: the model reads ascending marks without copying or changing them.
        (await sessionsOf(paper)).map(
          async ([session, sibling]) => [session, (await snapshots.of(sibling.id)).rawMarks()] as const,
        ),
      ),
    );
    return { marksBySession };
  }

  return {
    crowdOf,

    async forecastFor(paper, marks) {
      const testPaper = testPaperOf(paper);
      if (!hasRankModel(testPaper)) return null;
      try {
        return (await predictorOf(paper, testPaper)).at(marks);
      } catch (error) {
        if (error instanceof RankModelError) return null;
        throw error;
      }
    },

    async consensusOf(paper) {
      const testPaper = testPaperOf(paper);
      return hasRankModel(testPaper) ? fitOf(paperKeyOf(testPaper), paper.year) : null;
    },

    forgetReports(year) {
      for (const key of [...fits.keys()]) if (key.endsWith(`|${year}`)) fits.delete(key);
    },

    async predictionFor(paper, marks, rankedAs) {
      const testPaper = testPaperOf(paper);
      if (!hasRankModel(testPaper)) return anyPaper.predictionFor(paper, marks, rankedAs);
      const { consensus, revision } = await fitOf(paperKeyOf(testPaper), paper.year);
      // A prediction is kept while the fit it was read from holds: a report added or quarantined makes a new one.
      const cacheKey = `${paper.id}|${marks}|${revision}`;
      const cached = predictions.get(cacheKey);
      if (cached) return cached;
      let prediction: PredictionData | MissingPrediction;
      try {
        const predictor = await predictorOf(paper, testPaper);
        prediction = afterResults(predictor.at(marks), consensus.pairs);
      } catch (error) {
        if (!(error instanceof RankModelError)) throw error;
        prediction = noModel(marks, error.message);
      }
      predictions.set(cacheKey, prediction);
      return prediction;
    },

    async distribution(paper) {
      const snapshot = await snapshots.of(paper.id);
      return {
        paperId: paper.id,
        paper: paper.label,
        count: snapshot.count,
        binWidth: DISTRIBUTION_BIN_WIDTH,
        bins: histogram(snapshot),
      };
    },

    forget() {
      snapshots.forget();
      predictions.clear();
      predictors.clear();
      fits.clear();
      measuredLeans.clear();
    },
  };
}

/**
 * Bars of DISTRIBUTION_BIN_WIDTH marks from the lowest to the highest result, empty bars included: two counts per bar
 * in the snapshot, whatever the number of results.
 */
export function histogram(
  marks: Pick<PaperMarksSnapshot, 'rawRange' | 'countBetween'>,
  width = DISTRIBUTION_BIN_WIDTH,
): Distribution['bins'] {
  const range = marks.rawRange();
  if (!range) return [];
  const low = Math.floor(range.lowest / width) * width;
  const count = Math.floor((range.highest - low) / width) + 1;
  return Array.from({ length: count }, (_, index) => {
    const from = low + index * width;
    return { from, to: from + width, count: marks.countBetween(from, from + width) };
  });
}
