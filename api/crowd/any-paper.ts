import {
  SESSIONS_OF,
  paperKeyOf,
  type PaperKey,
  type RankTestPaper,
} from '../../src/domain/gate/rank/published-data/data';
import { predictAnyPaper, type PaperPrediction } from '../../src/domain/gate/paper-prediction';
import { isTestPaper, testPaperOf, type TestPaper } from '../../src/domain/gate';
import type { Paper, PaperRepository } from '../store';
import type { MarksSnapshots } from './marks-snapshot';

/** The test papers the rank model has marks→rank data for (CS 1, CS 2, DA); every other paper is any-paper's. */
const MODELLED: ReadonlySet<string> = new Set(Object.values(SESSIONS_OF).flat());

export function hasRankModel(testPaper: TestPaper | null): testPaper is RankTestPaper {
  return testPaper !== null && MODELLED.has(testPaper);
}

/** The ranked paper (CS, DA) a stored result's test paper belongs to; null for a paper without a rank model. */
export function rankedPaperOf(set: string): PaperKey | null {
  return isTestPaper(set) && hasRankModel(set) ? paperKeyOf(set) : null;
}

/** A paper and its sibling sessions: the stored papers of the same year and code (and demo-ness) still scoring. */
export function sessionPapers(paper: Paper, all: readonly Paper[]): Paper[] {
  if (paper.session === null) return [paper];
  return all.filter(
    (other) => other.year === paper.year && other.code === paper.code && other.demo === paper.demo && !other.retired,
  );
}

export interface AnyPaperPredictions {
  /** The prediction of a paper without marks→rank data, ranked as `rankedAs` (GG1/GG2) or as its own code. */
  predictionFor(paper: Paper, marks: number, rankedAs?: string): Promise<PaperPrediction>;
}

/** Predictions for papers the rank model has no data for, normalised over the results of their sibling sessions. */
export function createAnyPaperPredictions(
  snapshots: MarksSnapshots,
  papers: Pick<PaperRepository, 'list'>,
): AnyPaperPredictions {
  const sessionOf = (paper: Paper) => testPaperOf(paper) ?? paper.id;
  return {
    async predictionFor(paper, marks, rankedAs) {
      const sessions = sessionPapers(paper, paper.session === null ? [] : await papers.list());
      const marksBySession = Object.fromEntries(
        await Promise.all(
          sessions.map(async (session) => [sessionOf(session), (await snapshots.of(session.id)).rawMarks()] as const),
        ),
      );
      return predictAnyPaper({
        code: paper.code,
        rankedAs: rankedAs ?? paper.code,
        year: paper.year,
        session: sessionOf(paper),
        marks,
        marksBySession,
      });
    },
  };
}
