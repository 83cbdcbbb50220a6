import { toast, type ToastOptions } from '../../lib/ui/toast';

/** Spec §2 and §9: admin-area toasts close after 3 s; the session toasts stay the 2 s before their redirect. */
const ADMIN_TOAST: ToastOptions = { autoClose: 3000 };

export const adminToast = {
  success: (message: string, options?: ToastOptions) => toast.success(message, { ...ADMIN_TOAST, ...options }),
  error: (message: string, options?: ToastOptions) => toast.error(message, { ...ADMIN_TOAST, ...options }),
  info: (message: string, options?: ToastOptions) => toast.info(message, { ...ADMIN_TOAST, ...options }),
};
