import { useEffect, useRef } from 'react';
import { authStore } from './use-auth';

/** Set VITE_GOOGLE_CLIENT_ID at build time to offer "Sign in with Google"; without it nothing loads or shows. */
const CLIENT_ID: string | undefined = import.meta.env.VITE_GOOGLE_CLIENT_ID || undefined;
const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, string>): void;
    };
  };
}

function loadScriptOnce(): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_SRC}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? Object.assign(document.createElement('script'), { src: SCRIPT_SRC, async: true });
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error('identity provider script failed to load')));
    if (!existing) document.head.append(script);
  });
}

/** The identity provider's own button; its credential is stored as userData and nothing else is done with it. */
export function IdentityProviderButton({ mode }: { mode: 'signin' | 'signup' }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!CLIENT_ID) return;
    let cancelled = false;
    loadScriptOnce()
      .then(() => {
        const google = (window as unknown as { google?: GoogleIdentity }).google;
        if (cancelled || !google || !slot.current) return;
        google.accounts.id.initialize({
          client_id: CLIENT_ID,
          callback: ({ credential }) =>
            authStore.dispatch({ type: 'identityProvider/signedIn', userData: { provider: 'google', credential } }),
        });
        google.accounts.id.renderButton(slot.current, { text: mode === 'signup' ? 'signup_with' : 'signin_with' });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [mode]);
  if (!CLIENT_ID) return null;
  return <div ref={slot} className="auth__provider" />;
}
