import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { subscribeTopLayer, topDialog } from './top-layer';

/**
 * Spec §8: toasts top-right, light theme, pause on hover and on focus loss, 5000 ms unless a screen says otherwise.
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
    <ToastContainer position="top-right" theme="light" autoClose={5000} pauseOnHover pauseOnFocusLoss />,
    host,
  );
}
