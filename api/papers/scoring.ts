import { scoreResponses, type KeysByLongId, type Scorecard, type ScoringPaper } from '../../src/domain/gate';
import type { Paper, Result, ResultScores } from '../store';
import type { KeyedPaper } from './keyed-papers';

/**
 * The one place the API turns responses into what a result stores: a check, a scorecard opened again, a key version
 * compared, a score-change mail and a re-scoring all score here, and every stored result's normalised marks come from
 * the same normalisation, whichever of them wrote it last.
 */

/** The marks a result stores beside its responses. */
export type ResultMarks = Pick<
  ResultScores,
  'totalMarks' | 'finalMarks' | 'negativeMarks' | 'attempts' | 'incorrectAttempts'
>;

/** A total's normalised marks on a paper (the crowd's normalisation, which app.ts hands in). */
export type Normalise = (paper: Paper, totalMarks: number, rankedAs?: string) => Promise<number>;

/**
 * A stored result scored again from its responses: the sections its candidate said they chose count again, and the
 * statuses the sheet showed are kept for the scorecard.
 */
export function scoreStoredResult(
  result: Pick<Result, 'responses' | 'chosenSections' | 'statuses'>,
  paper: ScoringPaper,
  keys: KeysByLongId,
): Scorecard {
  return scoreResponses(result.responses, paper, keys, {
    statuses: result.statuses,
    chosenSections: result.chosenSections,
  });
}

export function marksOf({ totalScore }: Pick<Scorecard, 'totalScore'>): ResultMarks {
  return {
    totalMarks: totalScore['Total Marks'],
    finalMarks: totalScore['Final Marks'],
    negativeMarks: totalScore['Negative Marks'],
    attempts: totalScore.Attempts,
    incorrectAttempts: totalScore['Incorrect Attempts'],
  };
}

/** The paper a choice is ranked as (GG1, XH-C1), when not the paper's own code. */
export function rankedAsOf({ sections }: Pick<Scorecard, 'sections'>, paper: Pick<Paper, 'code'>): string | undefined {
  return sections && sections.rankedAs !== paper.code ? sections.rankedAs : undefined;
}

/** What a re-scoring stores for a result under the paper's published key: its marks, normalised as a check does. */
export async function rescoredScores(
  result: Pick<Result, 'responses' | 'chosenSections' | 'statuses' | 'rankedAs'>,
  { paper, engine, keys }: KeyedPaper,
  normalise: Normalise,
): Promise<Omit<ResultScores, 'keyVersion' | 'scoredAt'>> {
  const marks = marksOf(scoreStoredResult(result, engine, keys));
  return { ...marks, normMarks: await normalise(paper, marks.totalMarks, result.rankedAs) };
}
