import type { KeyVersion, KeySave } from '../store/types';
import { stampOf, type KeyedPaper, type PaperUpload } from '../papers';
import type { RescoreStatus } from '../../src/domain/gate/rescore-status';
import { presentPaper } from './paper';
import { presentQuestion } from './question';
import type { AdminStatsAnswer, ImportKeyAnswer } from '../../src/contract';

/** A master sheet filed: the spec's `data.data` (its questions) and what the server did with it, in words. */
export function presentFiledPaper(filed: PaperUpload, keyed: KeyedPaper | null) {
  return {
    data: {
      data: filed.questions.map(presentQuestion),
      paperId: filed.paper.id,
      paper: presentPaper(keyed),
      outcome: filed.outcome,
      message: filed.message,
      warnings: filed.warnings,
    },
  };
}

/** One answer-key save: the key the question holds now, and whether this save made it (applied, duplicate, stale). */
export const presentAnswerSave = ({ question, outcome }: KeySave) => ({
  data: { data: { long_id: question.long_id, answerKey: question.answerKey, outcome } },
});

export interface KeyImportReport {
  paperId: string;
  applied: number;
  unchanged: number;
  unknown: string[];
  warnings: string[];
  /** The version the import made; null when it changed no key. */
  version: KeyVersion | null;
  /** Questions whose marks the import set, when it set any. */
  marks?: number;
}

/** A whole key imported: what changed, what was already so, what named no question of the paper. */
export const presentKeyImport = ({ version, marks, ...report }: KeyImportReport): ImportKeyAnswer => ({
  ...report,
  keyVersion: version && stampOf(version),
  ...(marks === undefined ? {} : { marks }),
});

/** The dashboard's counters, re-scoring jobs, and every paper with its state and its stored results. */
export function presentAdminStats(stats: {
  paperCount: number;
  results: number;
  rescoring: RescoreStatus[];
  papers: Array<{ keyed: KeyedPaper | null; results: number }>;
  officialResults: AdminStatsAnswer['officialResults'];
}): AdminStatsAnswer {
  return {
    paperCount: stats.paperCount,
    results: stats.results,
    rescoring: stats.rescoring,
    // A paper removed between the listing and its key's read has nothing to show.
    papers: stats.papers.flatMap(({ keyed, results }) => {
      const paper = presentPaper(keyed);
      return paper ? [{ ...paper, results }] : [];
    }),
    officialResults: stats.officialResults,
  };
}
