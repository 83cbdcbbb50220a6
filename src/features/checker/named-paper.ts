import type { NamedPaper, TestPaper } from '../../domain/gate/test-papers';

/** What named the paper last: the pasted link, or the saved page just read. */
export interface PaperNaming {
  paper: NamedPaper;
  by: 'link' | 'page';
}

/**
 * The Test Paper once a link or saved page names a paper: the chosen one while it fits (a CS sheet leaves 'CS 2'
 * chosen), else the named paper, or nothing for a two-session paper, whose sessions the field then offers. A link or
 * page that names nothing leaves the choice alone.
 */
export function paperAfterNaming(chosen: TestPaper, named: NamedPaper | null): TestPaper {
  if (!named || named.testPapers.includes(chosen)) return chosen;
  const [only, ...others] = named.testPapers;
  return only && others.length === 0 ? only : '';
}
