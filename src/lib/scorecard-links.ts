/**
 * The home page's address that opens the GATE checker's dialog at once (`/?check=now`): the advertisement's 'Check my
 * score' and the scorecard page's messages lead there, and a campaign can link to it.
 */
export const CHECK_NOW_SEARCH = { check: 'now' } as const;

/** Whether a query string ('?check=now') asks for the checker. */
export const asksToCheckNow = (search: string) => new URLSearchParams(search).get('check') === CHECK_NOW_SEARCH.check;
