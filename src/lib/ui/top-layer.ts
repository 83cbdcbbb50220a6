/**
 * The open modal dialogs, topmost last. A modal <dialog> sits in the browser's top layer and makes the rest of the
 * page inert: no z-index lifts an element above it, so what must show over a dialog (the toasts) moves inside the
 * topmost one while it is open. Kept apart from the toaster, so a page with a dialog does not load react-toastify.
 */
const openDialogs: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function dialogOpened(dialog: HTMLDialogElement): void {
  dialogClosed(dialog);
  openDialogs.push(dialog);
  changed();
}

export function dialogClosed(dialog: HTMLDialogElement): void {
  const index = openDialogs.indexOf(dialog);
  if (index === -1) return;
  openDialogs.splice(index, 1);
  changed();
}

export function topDialog(): HTMLDialogElement | undefined {
  return openDialogs.at(-1);
}

export function subscribeTopLayer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
