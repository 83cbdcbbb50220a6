import { accessToken, DEVICE_ACCESS_KEY } from '../../lib/api';

/**
 * A tab waiting on "Check your inbox" learns that the mailed link was opened in another tab of this browser. The
 * message says only that an address was verified: the proof itself (the access token) is in localStorage, which
 * every tab of the origin reads already, and the waiting tab asks the server whether it covers its own sheet.
 */

const CHANNEL_NAME = 'hiregate.email-verified';
const VERIFIED = 'verified';

/** Said by the verify page once this device holds the proof. */
export function announceVerified(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage(VERIFIED);
  channel.close();
}

interface Surroundings {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  storage: Storage;
}

/**
 * Calls `onVerified` once per new proof of an address in localStorage, when another tab may have verified one: the
 * channel's message; the proof's storage event (which also covers a browser without BroadcastChannel, and a message
 * that outran the write to localStorage across processes); or the tab coming back into view or focus (a phone freezes
 * a background tab, which then misses both). Returns the unwatch.
 */
export function watchVerifiedElsewhere(
  onVerified: () => void,
  { window: win, document: doc, storage }: Surroundings = { window, document, storage: localStorage },
): () => void {
  let seenProof = accessToken(storage);
  const onNewProof = () => {
    const proof = accessToken(storage);
    if (proof === undefined || proof === seenProof) return;
    seenProof = proof;
    onVerified();
  };

  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL_NAME);
  const onMessage = (event: MessageEvent) => {
    if (event.data === VERIFIED) onNewProof();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === DEVICE_ACCESS_KEY) onNewProof();
  };
  const onBack = () => {
    if (doc.visibilityState === 'visible') onNewProof();
  };

  channel?.addEventListener('message', onMessage);
  win.addEventListener('storage', onStorage as EventListener);
  win.addEventListener('focus', onBack);
  doc.addEventListener('visibilitychange', onBack);
  return () => {
    channel?.close();
    win.removeEventListener('storage', onStorage as EventListener);
    win.removeEventListener('focus', onBack);
    doc.removeEventListener('visibilitychange', onBack);
  };
}
