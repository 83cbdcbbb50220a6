import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../test/support/memory-storage';
import type { ApiCode } from '../../contract/codes';
import { requestScore } from '../../lib/scorecard/score-api';
import { resendWaitSeconds, sendVerification } from './checker-api';

/** The server answers with a code and a message worded unlike today's: the app must act on the code alone. */
function serverAnswers(status: number, body: { code: ApiCode } & Record<string, unknown>) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify({ message: 'Reworded by a copywriter.', ...body }), { status })),
  );
}

const link = 'https://cdn.digialm.com/per/g01/pub/2/touchstone/AssessmentQPHTMLMode1/sheet.html';

describe('the checker decides on codes, never on message text', () => {
  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('opens the scorecard when send-verification answers ALREADY_VERIFIED', async () => {
    serverAnswers(200, { code: 'ALREADY_VERIFIED' });
    expect(await sendVerification({ link }, 'asha@example.com')).toEqual({ alreadyVerified: true });
  });

  it('waits out the cool-down when it answers VERIFICATION_SENT', async () => {
    serverAnswers(200, { code: 'VERIFICATION_SENT', resendAfterSeconds: 60 });
    expect(await sendVerification({ link }, 'asha@example.com')).toEqual({
      alreadyVerified: false,
      resendAfterSeconds: 60,
    });
  });

  it('runs the resend timer for RESEND_TOO_SOON only, not for any 429', async () => {
    serverAnswers(429, { code: 'RESEND_TOO_SOON', retryAfterSeconds: 42 });
    const tooSoon = await sendVerification({ link }, 'asha@example.com').catch((error: unknown) => error);
    expect(resendWaitSeconds(tooSoon)).toBe(42);
    serverAnswers(429, { code: 'RATE_LIMITED', retryAfterSeconds: 42 });
    const limited = await sendVerification({ link }, 'asha@example.com').catch((error: unknown) => error);
    expect(resendWaitSeconds(limited)).toBeUndefined();
  });

  it('asks for an e-mail when a score request answers VERIFICATION_REQUIRED, whatever its words', async () => {
    serverAnswers(403, { code: 'VERIFICATION_REQUIRED', upload: 'result-7' });
    expect(await requestScore({ link, testPaper: 'CS 1' })).toEqual({ kind: 'verify-email', upload: 'result-7' });
  });

  it('shows any other refusal as its message', async () => {
    serverAnswers(403, { code: 'FORBIDDEN' });
    await expect(requestScore({ link, testPaper: 'CS 1' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Reworded by a copywriter.',
    });
  });
});
