/**
 * Paper-set names: the test paper the checker offers ('CS 1', 'CS 2', 'DA') and the exam year, e.g. 'CS 1 2026' or
 * 'DA 2025'. Results keep only the test paper in `set`, so the year is what tells two years of one paper apart.
 */
export function paperSetName(testPaper: string, year: number): string {
  return `${testPaper} ${year}`;
}

/** 'CS 1 2026' → 'CS 1': the `set` that results of this paper carry. */
export function testPaperOf(paperSet: string): string {
  return paperSet.replace(/\s+\d{4}$/, '');
}
