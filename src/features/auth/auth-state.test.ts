import { afterEach, describe, expect, it, vi } from 'vitest';
import { authReducer, hasAccessToken, initialAuthState, type AuthState } from './auth-state';
import { createAuthStore } from './auth-store';
import { deserialise, readPersisted, serialise } from './persistence';

describe('auth state', () => {
  it('moves idle → loading → succeeded with userData, and failed with the error', () => {
    const loading = authReducer(initialAuthState, { type: 'login/pending' });
    expect(loading.status).toBe('loading');
    const signedIn = authReducer(loading, { type: 'login/fulfilled', userData: { accessToken: 't' } });
    expect(signedIn).toMatchObject({ status: 'succeeded', userData: { accessToken: 't' } });
    expect(hasAccessToken(signedIn)).toBe(true);
    const failed = authReducer(loading, { type: 'login/rejected', error: 'Username or password is incorrect.' });
    expect(failed).toMatchObject({ status: 'failed', error: 'Username or password is incorrect.' });
    expect(hasAccessToken(failed)).toBe(false);
  });

  it('clears userData, userType and error on logout and returns to idle', () => {
    const state: AuthState = { userData: { accessToken: 't' }, userType: 'admin', status: 'succeeded', error: 'x' };
    expect(authReducer(state, { type: 'logout' })).toEqual(initialAuthState);
  });

  it('stores provider sign-ins as succeeded and keeps the user type', () => {
    const google = authReducer(initialAuthState, {
      type: 'identityProvider/signedIn',
      userData: { provider: 'google' },
    });
    const linkedIn = authReducer(google, { type: 'professionalNetwork/signedIn', userData: { provider: 'linkedin' } });
    expect(linkedIn).toMatchObject({ status: 'succeeded', userData: { provider: 'linkedin' } });
    expect(authReducer(linkedIn, { type: 'setUserType', userType: 'user' }).userType).toBe('user');
  });
});

describe('auth persistence', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves under root with version -1 and reads it back, never resuming a loading state', () => {
    const state: AuthState = { userData: { accessToken: 't' }, userType: 'user', status: 'loading', error: null };
    const raw = serialise(state);
    expect(JSON.parse((JSON.parse(raw) as { _persist: string })._persist)).toEqual({ version: -1, rehydrated: true });
    expect(deserialise(raw)).toEqual({ ...state, status: 'idle' });
    expect(deserialise('not json')).toBeNull();
  });

  it('writes every change through to storage and rehydrates a new store from it', async () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => void saved.set(k, v),
    };
    const first = createAuthStore(storage);
    await first.ready;
    first.dispatch({ type: 'login/fulfilled', userData: { accessToken: 'abc' } });
    expect([...saved.keys()]).toEqual(['root']);
    const second = createAuthStore(storage);
    await second.ready;
    expect(second.getState().userData).toEqual({ accessToken: 'abc' });
  });

  it('gives up rehydrating after the timeout and starts signed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stuck = { getItem: () => new Promise<string>(() => undefined), setItem: () => undefined };
    let read: unknown;
    void readPersisted(stuck, 50).then((state) => (read = state));
    await vi.advanceTimersByTimeAsync(49);
    expect(read).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toEqual(initialAuthState);
  });
});
