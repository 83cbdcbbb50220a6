import type { Page } from 'playwright-core';
import { describeViolations, seriousA11yViolations } from '../public-support';

/** The widths every screen of the candidate's and the admin's journeys must fit: small phone, common phone, desktop. */
export const JOURNEY_WIDTHS = [320, 360, 1280] as const;

export async function useWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 800 ? 740 : 900 });
}

/**
 * What a person on that screen would notice as broken layout: the page (or an open dialog) scrolls sideways, or a
 * visible control sticks out of the viewport. Returns one line per problem, so an assertion can print them all.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} px content in ${width} px`);
    }
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"], dialog[open]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1) {
        problems.push(`dialog scrolls sideways: ${dialog.scrollWidth} px content in ${dialog.clientWidth} px`);
      }
    }
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]');
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const hidden = box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden';
      // A control inside an element that scrolls on purpose (a table wrapper) is reachable by that scroll.
      const inScroller = control.parentElement?.closest('[data-scrolls-sideways]');
      if (hidden || inScroller || control.closest('[aria-hidden="true"], [inert]')) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
        problems.push(
          `${control.tagName.toLowerCase()} "${name}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`,
        );
      }
    }
    return problems;
  });
}

/** Asserts the screen fits the width and has no serious accessibility violation; throws with every problem found. */
export async function expectFitsAndAccessible(page: Page, screen: string): Promise<void> {
  const problems = await layoutProblems(page);
  const violations = await seriousA11yViolations(page);
  if (violations.length) problems.push(`axe: ${describeViolations(violations)}`);
  if (problems.length) {
    const width = page.viewportSize()?.width;
    throw new Error(`${screen} at ${width} px:\n${problems.join('\n')}`);
  }
}

/**
 * Toasts lying over what the open dialog's reader must see or press: its title and its close button. One line per
 * overlap ('“Please verify…” over the title'); none when no dialog is open.
 */
export async function toastsOverDialogControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    if (!dialog) return [];
    const controls = [
      ['the title', dialog.querySelector('h2')],
      ['the close button', dialog.querySelector('[aria-label="Close"]')],
    ] as const;
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const problems: string[] = [];
    for (const toast of document.querySelectorAll<HTMLElement>('.Toastify__toast')) {
      const box = toast.getBoundingClientRect();
      for (const [name, control] of controls) {
        if (control && overlaps(box, control.getBoundingClientRect())) {
          problems.push(`“${toast.innerText.trim()}” over ${name}`);
        }
      }
    }
    return problems;
  });
}
