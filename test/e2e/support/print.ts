import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotDir } from './browser';

/**
 * Presses the scorecard's 'Print / Save as PDF' and waits until it asks the browser to print. Headless Chromium would
 * stay 'printing' after print() and refuse page.pdf(), so print() is replaced by what the dialog does first (it fires
 * 'beforeprint'); the page is then in print media, as the dialog lays it out.
 */
export async function pressPrint(page: Page): Promise<void> {
  await page.evaluate(() => {
    const printing = window as Window & { printCalls?: number };
    printing.printCalls = 0;
    window.print = () => {
      printing.printCalls! += 1;
      window.dispatchEvent(new Event('beforeprint'));
    };
  });
  await page.getByRole('button', { name: 'Print / Save as PDF' }).click();
  await page.waitForFunction(() => (window as Window & { printCalls?: number }).printCalls === 1);
  await page.emulateMedia({ media: 'print' });
}

/** What Chromium prints of the page (it fires 'beforeprint' and 'afterprint' around it), kept for review. */
export async function savePdf(page: Page, format: 'A4' | 'Letter', name: string): Promise<Uint8Array> {
  const pdf = await page.pdf({ format, printBackground: true });
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(path.join(screenshotDir, `${name}.pdf`), pdf);
  return pdf;
}
