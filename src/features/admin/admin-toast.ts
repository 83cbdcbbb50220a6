import { toast, type ToastOptions } from '../../lib/ui/toast';

/**
 * Admin-area toasts close sooner than the app default; the session toasts stay SESSION_REDIRECT_DELAY_MS, until
 * their redirect.
 */
const ADMIN_TOAST: ToastOptions = { autoClose: 3000 };

export const adminToast = {
  success: (message: string, options?: ToastOptions) => toast.success(message, { ...ADMIN_TOAST, ...options }),
  error: (message: string, options?: ToastOptions) => toast.error(message, { ...ADMIN_TOAST, ...options }),
  info: (message: string, options?: ToastOptions) => toast.info(message, { ...ADMIN_TOAST, ...options }),
};
