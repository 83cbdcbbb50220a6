import type { toast as Toast } from './toast';

/**
 * Shows a toast from a screen whose toasts are rare (an error, an update): react-toastify (~10 KB gzip) then loads
 * when the first one is due instead of before the screen's first paint. Toasts raised before the container mounts are
 * queued by react-toastify and shown once it does.
 */
export function toastLater(show: (toast: typeof Toast) => void): void {
  void import('./toast').then(({ toast }) => show(toast));
}
