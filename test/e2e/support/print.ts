import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { PdfTextItem, PdfTextPage } from '../../../src/domain/gate';
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

/** What pdf.js gives as a text piece of its own where the font draws two or three letters as one glyph. */
const LIGATURE = /^(?:ff|fi|fl|ffi|ffl)$/;

/**
 * The paper's text, line by line, left to right. A ligature's piece ('Quali' 'fi' 'ed') is joined to the pieces it
 * touches on its line, so only a word the layout cut (across lines, or clipped) reads as pieces.
 */
function printedLines(pages: PdfTextPage[]): string[] {
  return pages.flatMap((items) => {
    const lines = new Map<number, PdfTextItem[]>();
    for (const item of items) lines.set(Math.round(item.y), [...(lines.get(Math.round(item.y)) ?? []), item]);
    return [...lines.values()].map((line) =>
      [...line]
        .sort((a, b) => a.x - b.x)
        .reduce((text, item, index, sorted) => {
          const previous = sorted[index - 1];
          if (!previous) return item.text;
          const touches = item.x - (previous.x + previous.width) < 0.5;
          const glued = touches && (LIGATURE.test(item.text) || LIGATURE.test(previous.text));
          return text + (glued ? '' : ' ') + item.text;
        }, ''),
    );
  });
}

/** How many times each word is on the paper, counted over its lines split at spaces. */
export function wordCounts(pages: PdfTextPage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of printedLines(pages).flatMap((line) => line.split(/\s+/).filter(Boolean))) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/**
 * The words printed fewer times than the page holds them: broken across lines (a word drawn on two lines is two
 * pieces of text in the PDF, "Genera" / "l"), or clipped.
 */
export function missingWords(expected: string[], printed: Map<string, number>): string[] {
  const wanted = new Map<string, number>();
  for (const word of expected) wanted.set(word, (wanted.get(word) ?? 0) + 1);
  return [...wanted].filter(([word, count]) => (printed.get(word) ?? 0) < count).map(([word, n]) => `${word} ×${n}`);
}
