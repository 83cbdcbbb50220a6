import { describeSections } from '../../src/domain/gate';
import type { KeyedPaper } from '../papers';
import type { PaperAnswer } from '../../src/contract';

/**
 * A paper as the admin screens list it: its id, name and identity, and whether it scores candidates now (live) or
 * what it waits for: its key's count against its questions, or a demo paper stood down.
 */
export function presentPaper(keyed: KeyedPaper | null): PaperAnswer | null {
  if (!keyed) return null;
  const { paper, keyed: keyedCount, total, live, keyVersion } = keyed;
  return {
    id: paper.id,
    name: paper.label,
    year: paper.year,
    code: paper.code,
    session: paper.session,
    demo: paper.demo,
    retired: paper.retired,
    live,
    keyed: keyedCount,
    questions: total,
    keyVersion,
    // A choice paper's sections (which count for everyone, how many optional ones count) and its rule in words.
    ...(paper.sections ? { sections: paper.sections, sectionRule: describeSections(paper.sections) } : {}),
  };
}
