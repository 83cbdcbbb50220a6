import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_ACCESS_KEY } from '../../lib/api';
import { eventually } from '../../../test/support/eventually';
import { announceVerified, watchVerifiedElsewhere } from './verified-elsewhere';

/** A tab's window, document and localStorage, enough for the watch. */
function tab() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as unknown as Storage;
  const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
  return { window: new EventTarget() as Window, document: document as unknown as Document, storage };
}

/** Another tab's write to localStorage, as this tab's storage event tells it. */
function storageEvent(key: string) {
  return Object.assign(new Event('storage'), { key });
}

describe('a tab waiting on "Check your inbox"', () => {
  const unwatches: Array<() => void> = [];
  afterEach(() => unwatches.splice(0).forEach((unwatch) => unwatch()));

  it("hears another tab's verification on the channel, a message without the proof", async () => {
    const waiting = tab();
    let heard = 0;
    unwatches.push(watchVerifiedElsewhere(() => heard++, waiting));
    const overheard: unknown[] = [];
    const bystander = new BroadcastChannel('hiregate.email-verified');
    bystander.onmessage = (event) => overheard.push(event.data);
    unwatches.push(() => bystander.close());
    waiting.storage.setItem(DEVICE_ACCESS_KEY, 'proof');
    announceVerified();
    await eventually(() => heard === 1 && overheard.length === 1, { what: 'the message' });
    expect(overheard).toEqual(['verified']);
    // The same proof's storage event, arriving after the message, is the same verification.
    waiting.window.dispatchEvent(storageEvent(DEVICE_ACCESS_KEY));
    expect(heard).toBe(1);
  });

  it('leaves a message that outran the proof to the storage event that follows it', async () => {
    const waiting = tab();
    let heard = 0;
    unwatches.push(watchVerifiedElsewhere(() => heard++, waiting));
    const bystander = new BroadcastChannel('hiregate.email-verified');
    const delivered = new Promise((resolve) => (bystander.onmessage = resolve));
    unwatches.push(() => bystander.close());
    announceVerified();
    await delivered;
    expect(heard).toBe(0);
    waiting.storage.setItem(DEVICE_ACCESS_KEY, 'proof');
    waiting.window.dispatchEvent(storageEvent(DEVICE_ACCESS_KEY));
    expect(heard).toBe(1);
  });

  it('hears the proof written to localStorage, once per new proof', () => {
    const waiting = tab();
    let heard = 0;
    unwatches.push(watchVerifiedElsewhere(() => heard++, waiting));
    waiting.storage.setItem(DEVICE_ACCESS_KEY, 'proof-1');
    waiting.window.dispatchEvent(storageEvent(DEVICE_ACCESS_KEY));
    waiting.window.dispatchEvent(storageEvent(DEVICE_ACCESS_KEY));
    waiting.window.dispatchEvent(storageEvent('scorecardData'));
    expect(heard).toBe(1);
  });

  it('looks again when it comes back into view, only if the proof changed meanwhile', () => {
    const waiting = tab();
    waiting.storage.setItem(DEVICE_ACCESS_KEY, 'proof-before');
    let heard = 0;
    unwatches.push(watchVerifiedElsewhere(() => heard++, waiting));
    const backInView = () => {
      Object.assign(waiting.document, { visibilityState: 'visible' });
      waiting.document.dispatchEvent(new Event('visibilitychange'));
    };
    backInView();
    expect(heard).toBe(0);
    waiting.storage.setItem(DEVICE_ACCESS_KEY, 'proof-after');
    backInView();
    waiting.window.dispatchEvent(new Event('focus'));
    expect(heard).toBe(1);
  });

  it('stops listening once unwatched', () => {
    const waiting = tab();
    let heard = 0;
    watchVerifiedElsewhere(() => heard++, waiting)();
    waiting.storage.setItem(DEVICE_ACCESS_KEY, 'proof');
    waiting.window.dispatchEvent(storageEvent(DEVICE_ACCESS_KEY));
    expect(heard).toBe(0);
  });
});
