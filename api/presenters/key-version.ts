import { diffKeys, type KeyVersionEntry, type KeyVersionStamp } from '../../src/domain/gate';
import { stampOf } from '../papers';
import type { KeyVersion, Question } from '../store/types';

/** The current key version of a paper, as a saved scorecard asks for it. */
export const presentKeyVersion = (version: KeyVersion): KeyVersionStamp => stampOf(version);

/**
 * A paper's key versions, newest first, each with the number of questions whose key it changed against the version
 * before it.
 */
export function presentKeyVersions(
  paperId: string,
  paper: readonly Question[],
  versions: readonly KeyVersion[],
): { paperId: string; versions: KeyVersionEntry[] } {
  return {
    paperId,
    versions: versions.map((version, index) => ({
      ...stampOf(version),
      source: version.source,
      ...(version.by ? { by: version.by } : {}),
      changedQuestions: diffKeys(paper, versions[index + 1]?.keys ?? {}, version.keys).length,
    })),
  };
}
