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

/** Up to this width a screen is a phone's, and every control on it must take a thumb: THUMB_PX square. */
export const PHONE_MAX_WIDTH = 480;
export const THUMB_PX = 44;
/** WCAG 2.5.8 (AA): a target of at least this size, or one spaced so a circle this wide on its centre meets no other. */
export const POINTER_PX = 24;

/**
 * Targets a finger or a pointer would miss, one line each. On a phone (PHONE_MAX_WIDTH or narrower) every visible
 * control must be THUMB_PX × THUMB_PX; every control on a wider screen must meet WCAG 2.5.8: POINTER_PX × POINTER_PX,
 * or (smaller) so spaced that a POINTER_PX circle on its centre touches no other target nor another small target's
 * circle. A link inside running text is exempt at every width (WCAG 2.5.8's inline exception). A checkbox's target, and that of a control its label draws (a
 * hidden file input, a switch), takes in its labels. While a modal dialog is open only its controls count.
 */
export async function targetSizeProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ phoneMaxWidth, thumb, pointer }) => {
      const phone = document.documentElement.clientWidth <= phoneMaxWidth;
      const scope = [...document.querySelectorAll('dialog')].filter((dialog) => dialog.matches(':modal')).at(-1);
      const controls = [
        ...(scope ?? document).querySelectorAll<HTMLElement>(
          'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
        ),
      ];
      const unionOf = (boxes: DOMRect[]) =>
        boxes.reduce((union, box) => {
          const left = Math.min(union.left, box.left);
          const top = Math.min(union.top, box.top);
          return new DOMRect(
            left,
            top,
            Math.max(union.right, box.right) - left,
            Math.max(union.bottom, box.bottom) - top,
          );
        });
      const shown = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
      };
      /** A link inside a sentence: inline, in a block that has words of its own besides the link's. */
      const inRunningText = (control: HTMLElement) => {
        if (control.tagName !== 'A' || getComputedStyle(control).display !== 'inline') return false;
        let block = control.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        return (block?.textContent ?? '').replace(control.textContent ?? '', '').trim().length > 0;
      };
      const targets = controls
        // Not rendered: in a closed <details>, or under display: none.
        .filter((control) => control.checkVisibility() && !control.closest('[aria-hidden="true"], [inert]'))
        // WCAG 2.5.8's inline exception: a link in a sentence is as tall as the sentence's lines.
        .filter((control) => !inRunningText(control))
        .filter(
          (control) =>
            getComputedStyle(control).pointerEvents !== 'none' || (control as HTMLInputElement).labels?.length,
        )
        .map((control) => {
          // A tap on the label works a checkbox, or a control drawn by its label (a hidden file input, a switch).
          const style = getComputedStyle(control);
          // Visually hidden (clipped away, or transparent) and drawn by its label instead.
          const clipped = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
          const drawnByLabel = !shown(control) || clipped || style.opacity === '0';
          const takesLabelTaps = drawnByLabel || ['checkbox', 'radio'].includes((control as HTMLInputElement).type);
          const labels = takesLabelTaps ? [...((control as HTMLInputElement).labels ?? [])] : [];
          const parts = [control, ...labels].filter(shown);
          const box = parts.length ? unionOf(parts.map((part) => part.getBoundingClientRect())) : null;
          const minimum = phone ? thumb : pointer;
          const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
          return { control, box, minimum, name };
        })
        .filter((target): target is typeof target & { box: DOMRect } => target.box !== null);
      const small = (box: DOMRect) => box.width < pointer - 0.5 || box.height < pointer - 0.5;
      const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
      const distanceTo = (point: { x: number; y: number }, box: DOMRect) =>
        Math.hypot(
          Math.max(box.left - point.x, 0, point.x - box.right),
          Math.max(box.top - point.y, 0, point.y - box.bottom),
        );
      /** WCAG 2.5.8's spacing exception for a target under POINTER_PX. */
      const spaced = (target: (typeof targets)[number]) =>
        targets.every((other) => {
          if (other === target || other.control.contains(target.control) || target.control.contains(other.control)) {
            return true;
          }
          const from = centre(target.box);
          if (small(other.box)) {
            const to = centre(other.box);
            return Math.hypot(from.x - to.x, from.y - to.y) >= pointer;
          }
          return distanceTo(from, other.box) >= pointer / 2;
        });
      return targets
        .filter(({ box, minimum }) => box.width < minimum - 0.5 || box.height < minimum - 0.5)
        .filter((target) => target.minimum === thumb || !spaced(target))
        .map(
          ({ control, box, minimum, name }) =>
            `${control.tagName.toLowerCase()} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)} px` +
            (minimum === thumb
              ? `, under ${thumb}×${thumb}`
              : `, under ${pointer}×${pointer} and too close to another target`),
        );
    },
    { phoneMaxWidth: PHONE_MAX_WIDTH, thumb: THUMB_PX, pointer: POINTER_PX },
  );
}

/**
 * Asserts the screen fits the width, that every control is a target a finger or pointer hits (targetSizeProblems), and
 * that axe finds no serious accessibility violation; throws with every problem found.
 */
export async function expectFitsAndAccessible(page: Page, screen: string): Promise<void> {
  const problems = [...(await layoutProblems(page)), ...(await targetSizeProblems(page))];
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
