import { describe, expect, it } from 'vitest';
import { buildPaper, NOT_EVALUATED, parseResponseSheet, scoreSheet, type SheetScorecard } from '../../../domain/gate';
import { fixtureSets, readFixtureText } from '../../../../test/support/fixtures';
import { loadFixtureSet } from '../../../../test/support/fixture-expectations';
import { familyFile, familySets, loadFamilySet } from '../../../../test/support/paper-families';
import { earnedMarksText, isUnchosen, marksObtainedText, summaryRows } from './scorecard-view';

/**
 * What a candidate adds up with a pen: the marks shown on each question's row against the totals shown in the Score
 * Summary, read back from the text on screen, for every sheet of every fixture set.
 */

const FRACTIONS: Record<string, number> = { '': 0, '\u2153': 1, '\u2154': 2 };

/** The displayed text back in thirds of a mark: '−72⅔' is −218. Fails the test on anything else (a '0.33'). */
function thirdsShown(text: string): number {
  const match = /^([+\u2212]?)(\d*)([\u2153\u2154]?)$/.exec(text);
  if (!match || (match[2] === '' && match[3] === '')) throw new Error(`'${text}' is not shown in whole thirds`);
  const [, sign, whole, fraction] = match;
  const thirds = Number(whole || 0) * 3 + FRACTIONS[fraction!]!;
  return sign === '\u2212' ? -thirds : thirds;
}

function expectRowsAddUp(card: SheetScorecard, testPaper: string) {
  const shown = new Map(summaryRows({ ...card, testPaper }).map((row) => [row.label, row.value]));
  // A question without a key shows 'Not evaluated', one in a part the candidate's choice leaves out 'Not counted': no
  // figure either way.
  const rows = card.response
    .filter((question) => marksObtainedText(question) !== NOT_EVALUATED && !isUnchosen(question))
    .map((question) => [earnedMarksText(question)!, marksObtainedText(question)] as const);
  // The header's signed figure and the row's 'Marks Obtained' are the same marks.
  for (const [earned, obtained] of rows) expect(thirdsShown(earned)).toBe(thirdsShown(obtained));
  const marks = rows.map(([earned]) => thirdsShown(earned));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(sum(marks)).toBe(thirdsShown(shown.get('Total Marks')!));
  expect(sum(marks.filter((value) => value > 0))).toBe(thirdsShown(shown.get('Positive Marks')!));
  expect(-sum(marks.filter((value) => value < 0))).toBe(thirdsShown(shown.get('Negative Marks')!));
}

describe.each(fixtureSets)('the figures of every %s scorecard agree', (set) => {
  const { paper, keys, sheets } = loadFixtureSet(set);
  it.each(sheets.map((sheet) => [sheet.file] as const))('%s: its rows add up to its totals as shown', (file) => {
    const card = scoreSheet(parseResponseSheet(readFixtureText(set, file)), paper, keys);
    expectRowsAddUp(card, paper.questions[0]?.name ?? set);
  });
});

describe.each(familySets)('the figures of every %s scorecard agree', (set) => {
  const { key, sheets } = loadFamilySet(set);
  const paper = buildPaper(parseResponseSheet(familyFile(set, 'master.html')));
  it.each(sheets.map((sheet) => [sheet.file] as const))('%s: its rows add up to its totals as shown', (file) => {
    const card = scoreSheet(parseResponseSheet(familyFile(set, file)), paper, key.keys);
    expectRowsAddUp(card, set);
  });
});
