import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Spec §8: toasts top-right, light theme, pause on hover and on focus loss, 5000 ms unless a screen says otherwise. */
export function Toaster() {
  return <ToastContainer position="top-right" theme="light" autoClose={5000} pauseOnHover pauseOnFocusLoss />;
}
