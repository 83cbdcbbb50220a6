import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
// The unstyled entry: the default one also writes its CSS into an inline <style>, which the Content-Security-Policy
// refuses; the same CSS comes in the bundle's stylesheet instead.
import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { subscribeTopLayer, topDialog } from './top-layer';

/**
 * react-toastify's own button, named for what it does: inside a dialog, a toast's "close" would be a second button
 * answering to the dialog's "Close".
 */
function DismissButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label="Dismiss notification"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * Toasts top-right, light theme, pause on hover and on focus loss, 5000 ms unless a screen says otherwise.
 * They live in the topmost open modal dialog while there is one (see top-layer.ts): above its backdrop, readable by a
 * screen reader and clickable, where the page under the dialog is not. The container's element moves, so the toasts
 * on show stay as they are.
 */
export function Toaster() {
  const [host] = useState(() => document.createElement('div'));
  useEffect(() => {
    const place = () => {
      const target = topDialog() ?? document.body;
      if (host.parentNode !== target) target.append(host);
    };
    place();
    const unsubscribe = subscribeTopLayer(place);
    return () => {
      unsubscribe();
      host.remove();
    };
  }, [host]);
  return createPortal(
    <ToastContainer
      position="top-right"
      theme="light"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      closeButton={DismissButton}
    />,
    host,
  );
}
