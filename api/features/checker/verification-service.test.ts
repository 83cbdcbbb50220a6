import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryLimiters } from '../../store';
import { createScorecardAccess } from '../../access/scorecard-access';
import { createVerificationService, RESEND_COOLDOWN_MS } from './verification-service';

const LINK = 'https://cdn.digialm.com/per/g01/pub/585/x/CS26S42101001_GATE.html';
const SHEET = { link: LINK };

/** The service with a clock the test moves, and a mailer that records (or fails) each mail. */
function serviceAt(start: number) {
  vi.useFakeTimers({ now: start });
  const sent: string[] = [];
  let failing = false;
  const services = {
    store: { limiters: memoryLimiters },
    config: {
      appOrigin: 'https://hiregate.example',
      secret: 'a-secret-of-enough-length',
      responseSheetHosts: ['cdn.digialm.com'],
    },
    mailer: {
      send(mail: { to: string }) {
        if (failing) return Promise.reject(new Error('SMTP down'));
        sent.push(mail.to);
        return Promise.resolve();
      },
    },
  } as unknown as Parameters<typeof createVerificationService>[0];
  const service = createVerificationService(services, createScorecardAccess(services.config, services.store));
  return {
    service,
    sent,
    wait: (ms: number) => vi.advanceTimersByTime(ms),
    failMails: (value: boolean) => (failing = value),
  };
}

describe('verification mails: one per link and address per cool-down', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a repeat until the cool-down has passed, saying how long is left', async () => {
    const { service, sent, wait } = serviceAt(Date.UTC(2026, 2, 1));
    expect(await service.send(SHEET, 'asha@example.com')).toEqual({ sent: true, cooldownMs: RESEND_COOLDOWN_MS });
    wait(15_000);
    expect(await service.resendWaitMs(SHEET, ' Asha@Example.COM ')).toBe(RESEND_COOLDOWN_MS - 15_000);
    expect(await service.send(SHEET, 'asha@example.com')).toEqual({
      sent: false,
      retryAfterMs: RESEND_COOLDOWN_MS - 15_000,
    });
    // The same sheet written another way is held up; another address, or another sheet, is not.
    expect(
      (await service.send({ link: `${LINK.replace('https://cdn', 'HTTPS://CDN')}#again` }, 'asha@example.com')).sent,
    ).toBe(false);
    expect((await service.send(SHEET, 'rohan@example.com')).sent).toBe(true);
    expect(
      (await service.send({ link: LINK.replace('CS26S42101001', 'CS26S42101002') }, 'asha@example.com')).sent,
    ).toBe(true);
    wait(RESEND_COOLDOWN_MS - 15_000);
    expect(await service.resendWaitMs(SHEET, 'asha@example.com')).toBe(0);
    expect((await service.send(SHEET, 'asha@example.com')).sent).toBe(true);
    expect(sent).toEqual(['asha@example.com', 'rohan@example.com', 'asha@example.com', 'asha@example.com']);
  });

  it('sends one mail for two requests at once', async () => {
    const { service, sent } = serviceAt(Date.UTC(2026, 2, 1));
    const outcomes = await Promise.all([
      service.send(SHEET, 'asha@example.com'),
      service.send(SHEET, 'asha@example.com'),
    ]);
    expect(outcomes.map((outcome) => outcome.sent).sort()).toEqual([false, true]);
    expect(sent).toHaveLength(1);
  });

  it('lets the candidate try again at once when the mail could not be sent', async () => {
    const { service, sent, failMails } = serviceAt(Date.UTC(2026, 2, 1));
    failMails(true);
    await expect(service.send(SHEET, 'asha@example.com')).rejects.toThrow('SMTP down');
    expect(await service.resendWaitMs(SHEET, 'asha@example.com')).toBe(0);
    failMails(false);
    expect((await service.send(SHEET, 'asha@example.com')).sent).toBe(true);
    expect(sent).toEqual(['asha@example.com']);
  });
});
