import type { Page } from 'playwright-core';
import { SOURCE_IDS } from '../../../src/domain/gate/catalogue/source-names';
import { eventually } from '../../support/eventually';

/** An id as the catalogue and the rank data write them: words and a year joined by hyphens ('careers360-qm-2025'). */
const ID_PATTERN = /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d{4}\b/g;

/** The internal ids the scorecard's cards show as text (a tooltip may carry one; no text may). */
export async function internalIdsShown(page: Page): Promise<string[]> {
  const text = (await page.locator('.scorecard__card').allInnerTexts()).join('\n');
  return [...new Set([...(text.match(ID_PATTERN) ?? []), ...SOURCE_IDS.filter((id) => text.includes(id))])];
}

export interface CheckedHereCounts {
  /** 'N of M' under 'Rank among results checked here'. */
  rank: { place: number; of: number };
  /** An upload's note: 'Out of M: the K results checked here and your uploaded page…'. */
  note?: { outOf: number; checkedHere: number };
  /** The sum of the raw-marks note's session counts ('so far CS 1: 2, CS 2: 1'), where the card shows it. */
  sessions?: number;
  /** The chart's 'Marks of K results checked here', where there are any. */
  chart?: number;
}

/** Every count of results checked here the rank card shows, once the rank among them has loaded. */
export async function checkedHereCounts(page: Page): Promise<CheckedHereCounts> {
  const card = page.getByRole('region', { name: 'Rank Prediction' });
  const place = await eventually(
    async () =>
      (await card.locator('dd').allInnerTexts())
        .map((text) => /^(\d+) of (\d+)$/.exec(text.trim()))
        .find((match) => match !== null),
    { what: "the rank among results checked here, 'N of M'" },
  );
  const text = await card.innerText();
  const note = /Out of (\d+): the (\d+) results? checked here/.exec(text);
  const sessions = /so far ((?:[A-Z]+ \d: \d+(?:, )?)+)\)/.exec(text);
  const chart = /Marks of (\d+) results? checked here/.exec(text);
  return {
    rank: { place: Number(place[1]), of: Number(place[2]) },
    ...(note ? { note: { outOf: Number(note[1]), checkedHere: Number(note[2]) } } : {}),
    ...(sessions
      ? { sessions: [...sessions[1]!.matchAll(/: (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0) }
      : {}),
    ...(chart ? { chart: Number(chart[1]) } : {}),
  };
}

/**
 * The results checked here the card names, from each count it shows: a counted result is one of the 'M' of its rank,
 * an upload is ranked among them as one more. Every entry must be the same number.
 */
export function checkedHereByEachCount(counts: CheckedHereCounts, counted: boolean): Record<string, number> {
  return {
    rank: counted ? counts.rank.of : counts.rank.of - 1,
    ...(counts.note ? { 'note, out of': counts.note.outOf - 1, note: counts.note.checkedHere } : {}),
    ...(counts.sessions !== undefined ? { sessions: counts.sessions } : {}),
    ...(counts.chart !== undefined ? { chart: counts.chart } : {}),
  };
}
