import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { keyVersionChoiceText, keyVersionText } from '../../../lib/scorecard/key-version-text';
import type { ScoreOutcome } from '../../../lib/scorecard/score-api';
import type { KeyVersionStamp } from '../../../domain/gate';
import { keyUpdateOffer, refreshProblem, scoreUnderKey } from './key-update';
import { VerificationNeededError } from '../loading/load-scorecard';
import { buildScorecard } from '../../../../test/support/builders';

const stamp = (version: number, label: string): KeyVersionStamp => ({
  paperId: 'CS 1 2026',
  version,
  label,
  at: '2026-11-24T04:30:00.000Z',
});

const RESULT = 'result-7';

describe('offering to refresh a saved scorecard', () => {
  it('offers the newer key of the paper, by version', () => {
    const saved = buildScorecard({ resultId: RESULT, keyVersion: stamp(65, 'provisional') });
    expect(keyUpdateOffer(saved, stamp(68, 'final'))).toEqual({ kind: 'newer', current: stamp(68, 'final') });
    expect(keyUpdateOffer(saved, stamp(65, 'provisional'))).toBeNull();
    // Until the server answers there is nothing to offer.
    expect(keyUpdateOffer(saved, undefined)).toBeNull();
  });

  it('offers a refresh to a scorecard saved before scorecards named their key, and none without a stored result', () => {
    expect(keyUpdateOffer(buildScorecard({ resultId: RESULT }), undefined)).toEqual({ kind: 'unnamed' });
    expect(keyUpdateOffer(buildScorecard({ keyVersion: stamp(65, 'provisional') }), stamp(68, 'final'))).toBeNull();
  });
});

describe('refreshing after a key change', () => {
  const saved = { ...buildScorecard({ keyVersion: stamp(1, 'provisional') }), resultId: RESULT };
  const final = stamp(2, 'final');
  const recording = () => {
    const requests: { resultId: string; minKeyVersion?: number }[] = [];
    const score = (resultId: string, minKeyVersion?: number): Promise<ScoreOutcome> => {
      requests.push({ resultId, minKeyVersion });
      return Promise.resolve({ kind: 'scorecard', data: buildScorecard({ keyVersion: final }) });
    };
    return { requests, options: { score } };
  };

  it('asks the stored result once (never the portal), for at least the key version it was offered, so no server instance answers with an older key', async () => {
    const server = recording();
    const outcome = await scoreUnderKey(saved, final, server.options);
    expect(outcome.kind === 'scorecard' && outcome.data.keyVersion?.version).toBe(2);
    expect(server.requests).toEqual([{ resultId: RESULT, minKeyVersion: 2 }]);
  });

  it('asks for the current key when no version was offered (a scorecard that named no key)', async () => {
    const server = recording();
    await scoreUnderKey(saved, undefined, server.options);
    expect(server.requests).toEqual([{ resultId: RESULT, minKeyVersion: undefined }]);
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
