import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test/support/memory-storage';
import { accessToken, api, ApiError, DEVICE_ACCESS_KEY } from './api';

describe("the device's access token, as the API answers about it", () => {
  let storage: MemoryStorage;

  beforeEach(() => {
    storage = new MemoryStorage();
    storage.setItem(DEVICE_ACCESS_KEY, 'old-token');
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status, headers })));

  it('keeps a renewed token the server hands back, so the device stays signed in while it is used', async () => {
    answer(200, { ok: true }, { 'X-Access-Token': 'renewed-token' });
    await api.call('scorecard', { body: { resultId: 'r1', access: accessToken() ?? '' } });
    expect(accessToken()).toBe('renewed-token');
  });

  it('keeps its token when none comes back', async () => {
    answer(200, { ok: true });
    await api.call('scorecard', { body: { resultId: 'r1', access: accessToken() ?? '' } });
    expect(accessToken()).toBe('old-token');
  });

  it('forgets a token the server says was revoked, and still fails with its message', async () => {
    answer(403, { code: 'ACCESS_REVOKED', message: 'This device was signed out.' });
    const failure = api.call('scorecard', { body: { resultId: 'r1' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'ACCESS_REVOKED', message: 'This device was signed out.' });
    expect(accessToken()).toBeUndefined();
  });
});
