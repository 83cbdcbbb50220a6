/**
 * Whether the toast container is needed yet. react-toastify stays out of the first load: a screen that can show a
 * toast imports `./toast`, which asks for the container here, and the app then mounts it (see App.tsx). Toasts
 * raised before it mounts wait in react-toastify's queue and appear as soon as it does.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function isToasterWanted(): boolean {
  return wanted;
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
