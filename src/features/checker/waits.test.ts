import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { within } from './waits';

const messages = { offline: 'Your device is offline.', timeout: 'No answer after 30 seconds.' };

describe('every checker wait ends', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives the answer when it comes in time', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    await expect(within(() => Promise.resolve('scorecard'), 30_000, messages)).resolves.toBe('scorecard');
  });

  it('stops waiting at the limit with the message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    const waiting = within(() => new Promise<never>(() => undefined), 30_000, messages);
    const outcome = expect(waiting).rejects.toThrow(messages.timeout);
    await vi.advanceTimersByTimeAsync(30_000);
    await outcome;
  });

  it('says the device is offline without asking the server, or when the request failed as it went offline', async () => {
    const request = vi.fn(() => Promise.resolve('scorecard'));
    vi.stubGlobal('navigator', { onLine: false });
    await expect(within(request, 30_000, messages)).rejects.toThrow(messages.offline);
    expect(request).not.toHaveBeenCalled();

    const online = { onLine: true };
    vi.stubGlobal('navigator', online);
    const lostOnTheWay = () => {
      online.onLine = false;
      return Promise.reject(new ApiError(0, 'No response from server. Please try again.', null));
    };
    await expect(within(lostOnTheWay, 30_000, messages)).rejects.toThrow(messages.offline);
  });

  it('keeps "No response from server" while the device is online', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const refused = () => Promise.reject(new ApiError(0, 'No response from server. Please try again.', null));
    await expect(within(refused, 30_000, messages)).rejects.toThrow('No response from server. Please try again.');
  });
});
