/** Runs `task` when the browser is idle (soon after, where requestIdleCallback is missing, as in Safari). */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task());
  else setTimeout(task, 1);
}

/** Runs `task` once the page has loaded and the browser is idle, so it never competes with the first screen. */
export function whenIdleAfterLoad(task: () => void): void {
  if (document.readyState === 'complete') whenIdle(task);
  else window.addEventListener('load', () => whenIdle(task), { once: true });
}
