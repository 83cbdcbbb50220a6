import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORGETS_ITS_PASSWORD, SAYS_OFFLINE_ITSELF } from './query';

const signIn = (credentials: { email: string; password: string }) => Promise.resolve(credentials.email);

/** Signs in on a screen that then goes away, and lets a minute pass on react-query's timers. */
async function signInAndLeave(options: object): Promise<QueryClient> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const client = new QueryClient();
  const observer = new MutationObserver(client, { ...SAYS_OFFLINE_ITSELF, ...options, mutationFn: signIn });
  const unsubscribe = observer.subscribe(() => undefined);
  await observer.mutate({ email: 'staff@hiregate.test', password: 'correct horse battery' });
  unsubscribe(); // the screen goes away
  await vi.advanceTimersByTimeAsync(60_000);
  return client;
}

const passwordsHeld = (client: QueryClient) =>
  client
    .getMutationCache()
    .getAll()
    .filter((mutation) => JSON.stringify(mutation.state.variables).includes('correct horse battery')).length;

describe('a sign-in call', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves no password in memory once its screen is gone', async () => {
    expect(passwordsHeld(await signInAndLeave(FORGETS_ITS_PASSWORD))).toBe(0);
  });

  it('would keep it for minutes with react-query’s defaults', async () => {
    expect(passwordsHeld(await signInAndLeave({}))).toBe(1);
  });
});
