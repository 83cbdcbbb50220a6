/**
 * The home page's address that opens the GATE checker's dialog at once (`/?check=now`): the advertisement's 'Check my
 * score' and the scorecard page's messages lead there, and a campaign can link to it.
 */
export const CHECK_NOW_SEARCH = { check: 'now' } as const;

export const asksToCheckNow = (search: Record<string, unknown>) => search.check === CHECK_NOW_SEARCH.check;
