/**
 * Whether the toast container is needed yet. react-toastify stays out of the first load: a screen that can show a
 * toast imports `./toast`, which asks for the container here, and the app then mounts it (see App.tsx). Toasts
 * raised before it mounts wait in react-toastify's queue and appear as soon as it does.
 *
 * Also where the app says the screen changed (App.tsx, on every resolved navigation): the toasts, once loaded, leave
 * with the screen they belong to. Kept here so the app shell does not load react-toastify to say it.
 */
let wanted = false;
const listeners = new Set<() => void>();
const screenListeners = new Set<() => void>();

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

export function screenChanged(): void {
  for (const listener of screenListeners) listener();
}

export function subscribeScreens(listener: () => void): () => void {
  screenListeners.add(listener);
  return () => screenListeners.delete(listener);
}
