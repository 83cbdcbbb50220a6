import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { keyVersionChoiceText, keyVersionText } from '../../lib/scorecard/key-version';
import type { ScoreOutcome, ScoreRequest } from '../../lib/scorecard/score-api';
import type { ScorecardData } from '../../lib/scorecard/types';
import type { KeyVersionStamp } from '../../domain/gate';
import { KEY_REACHES_EVERY_INSTANCE_MS, keyUpdateOffer, refreshProblem, scoreUnderKey } from './key-update';
import { VerificationNeededError } from './load-scorecard';

const stamp = (version: number, label: string): KeyVersionStamp => ({
  paperSet: 'CS 1 2026',
  version,
  label,
  at: '2026-11-24T04:30:00.000Z',
});

const card = (extra: Partial<ScorecardData> = {}): ScorecardData => ({
  response: [],
  totalScore: { Attempts: 1, 'Incorrect Attempts': 0, 'Final Marks': 1, 'Negative Marks': 0, 'Total Marks': 1 },
  testPaper: 'CS 1',
  ...extra,
});

const LINK = 'https://cdn.digialm.com/per/g01/sheet.html';

describe('offering to refresh a saved scorecard', () => {
  it('offers the newer key of the paper, by version', () => {
    const saved = card({ link: LINK, keyVersion: stamp(65, 'provisional') });
    expect(keyUpdateOffer(saved, stamp(68, 'final'))).toEqual({ kind: 'newer', current: stamp(68, 'final') });
    expect(keyUpdateOffer(saved, stamp(65, 'provisional'))).toBeNull();
    // Until the server answers there is nothing to offer.
    expect(keyUpdateOffer(saved, undefined)).toBeNull();
  });

  it('offers a refresh to a scorecard saved before scorecards named their key, and none without a link', () => {
    expect(keyUpdateOffer(card({ link: LINK }), undefined)).toEqual({ kind: 'unnamed' });
    expect(keyUpdateOffer(card({ keyVersion: stamp(65, 'provisional') }), stamp(68, 'final'))).toBeNull();
  });
});

describe('refreshing in the seconds after a key change', () => {
  const saved = { ...card({ keyVersion: stamp(1, 'provisional') }), link: LINK };
  const final = stamp(2, 'final');
  /** A server whose answers name these key versions, one per request, and the waits asked for. */
  const serverNaming = (...versions: number[]) => {
    const requests: ScoreRequest[] = [];
    const waits: number[] = [];
    const score = (request: ScoreRequest): Promise<ScoreOutcome> => {
      requests.push(request);
      const version = versions[requests.length - 1]!;
      return Promise.resolve({ kind: 'scorecard', data: card({ keyVersion: stamp(version, `v${version}`) }) });
    };
    const wait = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    return { requests, waits, options: { score, wait } };
  };

  it('asks once more, after every instance has the new key, when the first answer used the key before', async () => {
    const server = serverNaming(1, 2);
    const outcome = await scoreUnderKey(saved, final, server.options);
    expect(outcome.kind === 'scorecard' && outcome.data.keyVersion?.version).toBe(2);
    expect(server.waits).toEqual([KEY_REACHES_EVERY_INSTANCE_MS]);
    expect(server.requests).toEqual([
      { link: LINK, testPaper: 'CS 1' },
      { link: LINK, testPaper: 'CS 1' },
    ]);
  });

  it('asks once when the answer already uses the offered key, or when no key was offered', async () => {
    for (const [server, current] of [
      [serverNaming(2), final],
      [serverNaming(1), undefined],
    ] as const) {
      await scoreUnderKey(saved, current, server.options);
      expect(server.requests).toHaveLength(1);
      expect(server.waits).toEqual([]);
    }
  });
});

describe('a failed refresh', () => {
  it('says why and that the saved scorecard stays', () => {
    expect(refreshProblem(new ApiError(0, 'No response from server. Please try again.', null), false).text).toBe(
      'Your device is offline. Refresh again when you are back online. This saved scorecard stays as it is.',
    );
    expect(refreshProblem(new ApiError(0, '', null), true).text).toBe(
      'No response from server. Please try again. This saved scorecard stays as it is.',
    );
    expect(refreshProblem(new VerificationNeededError(), true)).toEqual({
      text: 'Verify your e-mail for this response sheet first: ask for a new verification link in the checker. This saved scorecard stays as it is.',
      toChecker: true,
    });
    expect(refreshProblem(new ApiError(504, 'The GATE portal did not answer in time', null), true).text).toBe(
      'The GATE portal did not answer in time. This saved scorecard stays as it is.',
    );
  });
});

describe('a key version in words', () => {
  it('names the version and its time in the device time zone', () => {
    expect(keyVersionText(stamp(68, 'final'))).toMatch(/^Final key, \d{1,2} Nov 2026, \d{2}:\d{2}$/);
    expect(keyVersionText(stamp(70, 'After challenges'))).toMatch(/^After challenges, /);
  });

  it('lists a version in a picker by its name, with its time only when another has the same name', () => {
    const versions = [stamp(1, 'provisional'), stamp(2, 'Edited Q5'), stamp(3, 'edited q5 '), stamp(4, 'final')];
    expect(versions.map((version) => keyVersionChoiceText(version, versions))).toEqual([
      'Provisional key',
      keyVersionText(versions[1]!),
      keyVersionText(versions[2]!),
      'Final key',
    ]);
    expect(keyVersionText(versions[1]!)).toMatch(/^Edited Q5, \d{1,2} Nov 2026/);
  });
});
