import type { AdminPaper } from '../admin-api';

/**
 * A paper's state in words: live (it scores candidates now), or what it waits for. A paper scores only with a key for
 * every question, so an upload or a half-set key never takes scoring away from anyone.
 */
export function paperStateText(paper: AdminPaper): string {
  if (paper.retired) return 'Stood down: its sheets are no longer scored';
  if (paper.live) return `Live: scores candidates (${paper.questions} keys)`;
  if (paper.keyed === 0) return `Not live: no answer key yet (0 of ${paper.questions})`;
  return `Not live: answer key ${paper.keyed} of ${paper.questions} questions`;
}

/** How many results the paper holds (uploads too), as the dashboard counts per paper; '' when the figures predate it. */
export function paperResultsText(paper: Pick<AdminPaper, 'results'>): string {
  if (paper.results === undefined) return '';
  return `${paper.results.toLocaleString('en-IN')} ${paper.results === 1 ? 'result' : 'results'}`;
}
