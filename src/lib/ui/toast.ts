import { toast } from 'react-toastify/unstyled';
import { requestToaster } from './toaster-state';

/**
 * The app's toasts. Import `toast` from here, not from react-toastify: loading this module is what mounts the toast
 * container, so pages that never show a toast (the home page on first load) do not download react-toastify.
 */
requestToaster();

export { toast };
export type { ToastOptions } from 'react-toastify/unstyled';
