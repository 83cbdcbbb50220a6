import { describe, expect, it, vi } from 'vitest';
import type { ScoreOutcome } from '../../../lib/scorecard/score-api';
import { ApiError } from '../../../lib/api';
import { buildScorecard } from '../../../../test/support/builders';
import { findScorecard, scorecardProblem, VerificationNeededError, type ScorecardSources } from './load-scorecard';

const card = (resultId: string, link?: string) => buildScorecard({ resultId, ...(link ? { link } : {}) });

const LINK = 'https://cdn.digialm.com/per/g01/sheet.html';

function sources(overrides: Partial<ScorecardSources> & { query?: string } = {}): ScorecardSources {
  return {
    navigationState: undefined,
    search: new URLSearchParams(overrides.query ?? ''),
    readStored: () => undefined,
    savedById: () => Promise.resolve(undefined),
    savedByLink: () => Promise.resolve(undefined),
    latestSaved: () => Promise.resolve(undefined),
    requestScore: vi.fn((): Promise<ScoreOutcome> => Promise.resolve({ kind: 'scorecard', data: card('from-api') })),
    storedScorecard: vi.fn((id: string): Promise<ScoreOutcome> =>
      Promise.resolve({ kind: 'scorecard', data: card(id) }),
    ),
    ...overrides,
  };
}

describe('where the scorecard page finds its data', () => {
  it('prefers navigation state, then localStorage, then the newest saved scorecard', async () => {
    const stored = () => card('stored');
    const latestSaved = () => Promise.resolve(card('saved'));
    expect(
      await findScorecard(sources({ navigationState: { scorecardData: card('nav') }, readStored: stored })),
    ).toMatchObject({ source: 'navigation', data: { resultId: 'nav' } });
    expect(await findScorecard(sources({ readStored: stored, latestSaved }))).toMatchObject({
      source: 'localStorage',
      data: { resultId: 'stored' },
    });
    expect(await findScorecard(sources({ latestSaved }))).toMatchObject({
      source: 'indexedDB',
      data: { resultId: 'saved' },
    });
  });

  it('finds nothing when nothing is stored and the address names no sheet', async () => {
    const search = sources();
    expect(await findScorecard(search)).toBeUndefined();
    expect(search.requestScore).not.toHaveBeenCalled();
    expect(search.storedScorecard).not.toHaveBeenCalled();
  });

  it('opens a scorecard named by its result id: from this device first, then from the stored result', async () => {
    const here = sources({ query: 'id=r-7', readStored: () => card('r-7') });
    expect(await findScorecard(here)).toMatchObject({ source: 'localStorage', data: { resultId: 'r-7' } });
    expect(here.storedScorecard).not.toHaveBeenCalled();
    const saved = sources({
      query: 'id=r-7',
      readStored: () => card('other'),
      savedById: (id) => Promise.resolve(card(id)),
    });
    expect(await findScorecard(saved)).toMatchObject({ source: 'indexedDB', data: { resultId: 'r-7' } });
    // A new device (the verification mail opened on a phone): the server scores what it stored, never the portal.
    const fresh = sources({ query: 'id=r-7', readStored: () => card('other') });
    expect(await findScorecard(fresh)).toMatchObject({ source: 'api', data: { resultId: 'r-7' } });
    expect(fresh.storedScorecard).toHaveBeenCalledWith('r-7');
    expect(fresh.requestScore).not.toHaveBeenCalled();
  });

  it("asks to verify when the stored result is not this device's to see", async () => {
    const storedScorecard = (): Promise<ScoreOutcome> => Promise.resolve({ kind: 'verify-email', upload: 'r-7' });
    await expect(findScorecard(sources({ query: 'id=r-7', storedScorecard }))).rejects.toBeInstanceOf(
      VerificationNeededError,
    );
  });

  it('checks the link the verify page hands over, with its paper, without anything in the address', async () => {
    const search = sources({ navigationState: { checkLink: { link: LINK, testPaper: 'CS 2' } } });
    expect(await findScorecard(search)).toMatchObject({ source: 'api', data: { resultId: 'from-api', link: LINK } });
    expect(search.requestScore).toHaveBeenCalledWith({ link: LINK, testPaper: 'CS 2' });
  });

  it('opens a saved scorecard named in the address', async () => {
    const savedById = vi.fn((id: string) => Promise.resolve(card(id)));
    expect(
      await findScorecard(sources({ query: 'saved=r-42', savedById, readStored: () => card('other') })),
    ).toMatchObject({ source: 'indexedDB', data: { resultId: 'r-42' } });
  });

  it("still opens an address from before scorecards were named by id, never showing another sheet's", async () => {
    const query = new URLSearchParams({ link: LINK, email: 'a@b.co', testPaper: 'CS 2' }).toString();
    const request = vi.fn((): Promise<ScoreOutcome> => Promise.resolve({ kind: 'scorecard', data: card('fresh') }));
    const found = await findScorecard(
      sources({ query, readStored: () => card('other', 'https://cdn.digialm.com/other.html'), requestScore: request }),
    );
    expect(found).toMatchObject({ source: 'api', data: { resultId: 'fresh', link: LINK } });
    // The e-mail in such an address proves nothing: the device's access token does.
    expect(request).toHaveBeenCalledWith({ link: LINK, testPaper: 'CS 2' });
  });

  it('uses the copy on the device for that link before asking the server', async () => {
    const query = new URLSearchParams({ link: LINK, email: 'a@b.co' }).toString();
    const search = sources({ query, readStored: () => card('stored', LINK) });
    expect(await findScorecard(search)).toMatchObject({ source: 'localStorage' });
    const offline = sources({ query, savedByLink: () => Promise.resolve(card('saved', LINK)) });
    expect(await findScorecard(offline)).toMatchObject({ source: 'indexedDB', data: { resultId: 'saved' } });
    expect(offline.requestScore).not.toHaveBeenCalled();
  });

  it('reports when the server still wants the e-mail verified', async () => {
    const query = new URLSearchParams({ link: LINK, email: 'a@b.co' }).toString();
    const requestScore = (): Promise<ScoreOutcome> => Promise.resolve({ kind: 'verify-email' });
    await expect(findScorecard(sources({ query, requestScore }))).rejects.toBeInstanceOf(VerificationNeededError);
  });
});

describe('why the scorecard page shows a message instead', () => {
  it('tells an unverified link, an offline device, a silent server and a refusal apart', () => {
    const noResponse = new ApiError(0, 'No response from server. Please try again.', null);
    expect(scorecardProblem(new VerificationNeededError(), true)).toEqual({ kind: 'verify-email' });
    expect(scorecardProblem(noResponse, false)).toEqual({ kind: 'offline' });
    expect(scorecardProblem(noResponse, true)).toEqual({ kind: 'no-response' });
    expect(scorecardProblem(new ApiError(504, 'The GATE portal did not answer in time.', null), true)).toEqual({
      kind: 'failed',
      message: 'The GATE portal did not answer in time.',
    });
    expect(scorecardProblem(new ApiError(500, '', null), true)).toEqual({
      kind: 'failed',
      message: 'An error occurred',
    });
  });
});
