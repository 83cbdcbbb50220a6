import type { ParsedSheet } from '../../src/domain/gate';
import type { Services } from '../services';
import { createKeyChanges, type KeyChanges } from './key-change-saves';
import { createKeyedPapers, type KeyedPapers } from './keyed-papers';
import { uploadPaper, type PaperUpload } from './paper-upload';
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

export function createPapers({
  store,
  logger,
  config,
  lifecycle,
  metrics,
  storeWatch,
}: Pick<Services, 'store' | 'logger' | 'config' | 'lifecycle' | 'metrics' | 'storeWatch'>): Papers {
  const rescorer = createRescorer(store, logger, { leaseMs: config.rescoreLeaseMs, pollMs: config.rescorePollMs });
  lifecycle.onClose.push(() => rescorer.stop());
  // A restart may have cut a run short: finish it.
  rescorer.resumeAll().catch((error) => logger.error({ err: error }, 'could not resume re-scoring'));
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
export { enginePaper, keysOf, scoreStoredResult, scoresOf, toEngineQuestion } from './engine-paper';
export type { KeyChange, KeyChangeOutcome, KeyChanges, KeyVersionMade } from './key-change-saves';
export { PaperRefused, type PaperUpload } from './paper-upload';
export type { Rescorer } from './rescoring';
