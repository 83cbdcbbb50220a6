import { toastLater } from '../lib/ui/toast-later';

function UpdateToast({ activate }: { activate: () => void }) {
  return (
    <span>
      A new version is available{' '}
      <button type="button" className="button button--primary" onClick={activate}>
        Reload
      </button>
    </span>
  );
}

/** 'A new version is available' with Reload, until the user chooses it (react-toastify loads only then). */
export function offerUpdate(activate: () => void): void {
  toastLater((toast) =>
    toast.info(<UpdateToast activate={activate} />, {
      autoClose: false,
      closeOnClick: false,
      toastId: 'sw-update',
      lasting: true,
    }),
  );
}
