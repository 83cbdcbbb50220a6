import { flushSync } from 'react-dom';

/**
 * Getting the scorecard ready for paper. On screen a question's body (its images, answer, key and marks) is built
 * when it first opens; the printed copy shows every question's, so printing renders them all, loads their question
 * images at once, and 'Print / Save as PDF' waits (up to PRINT_IMAGE_WAIT_MS) for those images before it opens the
 * browser's dialog. Ctrl+P and a phone's share sheet go straight to 'beforeprint': the bodies are rendered then too,
 * and the images print if they arrive in time.
 */

export const PRINT_IMAGE_WAIT_MS = 5_000;

let printing = false;
const listeners = new Set<() => void>();

export const isPrinting = () => printing;

export function subscribePrinting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders every body now: the browser lays out the printed copy right after 'beforeprint' returns. */
function renderForPrint(): void {
  if (printing) return;
  flushSync(() => {
    printing = true;
    for (const listener of listeners) listener();
  });
}

/** Back to the screen's economy once the dialog closes: only opened questions keep their bodies. */
function backToScreen(): void {
  if (!printing) return;
  printing = false;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', renderForPrint);
  window.addEventListener('afterprint', backToScreen);
}

function imagesLoaded(images: HTMLImageElement[], waitMs: number): Promise<unknown> {
  const loads = images.map((image) => image.decode().catch(() => undefined));
  return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

/** The Print button: every question's body and image on the page, then the browser's print dialog. */
export async function printScorecard(): Promise<void> {
  renderForPrint();
  await imagesLoaded([...document.querySelectorAll<HTMLImageElement>('.question__image')], PRINT_IMAGE_WAIT_MS);
  window.print();
}
