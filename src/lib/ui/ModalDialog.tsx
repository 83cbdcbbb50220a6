import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { dialogClosed, dialogOpened } from './top-layer';
import './modal-dialog.css';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog for screen readers */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap around inside the dialog instead of leaving the page for the browser's own controls. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const [first, last] = [focusable[0], focusable.at(-1)];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside) and Escape
 * closes it; a click that lands on the dialog box itself, outside its content, is a click on the dark backdrop.
 */
export function ModalDialog({ open, onClose, labelledBy, className, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) dialog.showModal();
      dialogOpened(dialog);
      return () => dialogClosed(dialog);
    }
    if (dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onClose={(event) => {
        dialogClosed(event.currentTarget);
        if (open) onClose();
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
