import type { Logger } from 'pino';
import type { ParsedSheet } from '../../src/domain/gate';
import type { Config } from '../config';
import type { Metrics } from '../http/metrics';
import type { Store, StoreWatch } from '../store';
import { createKeyChanges, type KeyChanges } from './key-change-saves';
import { createKeyedPapers, type KeyedPapers } from './keyed-papers';
import { uploadPaper, type PaperUpload } from './paper-upload';
import { rescoredScores, type Normalise } from './scoring';
import { createRescorer, type Rescorer } from './rescoring';

/**
 * Papers, shared by every feature that files, keys, scores or names one: which stored paper a sheet belongs to and
 * the key it scores with now (keyed), the one way a key changes (keyChanges), the re-scoring that follows, and the
 * filing of a master sheet (upload).
 */
export interface Papers {
  keyed: KeyedPapers;
  keyChanges: KeyChanges;
  rescorer: Rescorer;
  upload(sheet: ParsedSheet, options?: { demo?: boolean }): Promise<PaperUpload>;
}

export interface PapersDeps {
  store: Store;
  /** The normalisation a re-scored result stores, the same as a check's. */
  normalise: Normalise;
  logger: Logger;
  config: Pick<Config, 'rescoreLeaseMs' | 'rescorePollMs'>;
  metrics: Pick<Metrics, 'readRescoring'>;
  storeWatch: Pick<StoreWatch, 'follow'>;
}

/** Builds the papers; the re-scorer starts when the server starts it (papers.rescorer.start()). */
export function createPapers({ store, normalise, logger, config, metrics, storeWatch }: PapersDeps): Papers {
  const rescorer = createRescorer(store, logger, {
    leaseMs: config.rescoreLeaseMs,
    pollMs: config.rescorePollMs,
    score: (result, paper) => rescoredScores(result, paper, normalise),
  });
  metrics.readRescoring(() => rescorer.statuses());
  const keyed = createKeyedPapers(store);
  storeWatch.follow(() => keyed.forget());
  return {
    keyed,
    keyChanges: createKeyChanges(store, rescorer),
    rescorer,
    upload: (sheet, options) => uploadPaper(store, sheet, options),
  };
}

export { PAPER_FRESH_MS, loadKeyedPaper, stampOf, type KeyedPaper, type KeyedPapers } from './keyed-papers';
export { enginePaper, keysOf, toEngineQuestion } from './engine-paper';
export { marksOf, rankedAsOf, scoreStoredResult, type Normalise } from './scoring';
export type { KeyChange, KeyChangeOutcome, KeyChanges, KeyVersionMade } from './key-change-saves';
export { PaperRefused, type PaperUpload } from './paper-upload';
export type { Rescorer } from './rescoring';
