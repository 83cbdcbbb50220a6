import { describe, expect, it } from 'vitest';
import {
  GateError,
  NO_RESPONSE,
  buildPaper,
  displayDecimal,
  displayMarks,
  parseResponseSheet,
  scoreResponses,
  scoreSheet,
  type ParsedSheet,
} from '.';
import { loadFixtureSet, readFixtureText } from '../../../test/support/fixture-expectations';
import { buildEngineQuestion } from '../../../test/support/builders';
import { itemAt } from '../lists';

const paper = {
  testPaper: 'CS 1' as const,
  questions: [
    buildEngineQuestion(40, 'MCQ', 2),
    buildEngineQuestion(1, 'MCQ', 1),
    buildEngineQuestion(23, 'MSQ', 1),
    buildEngineQuestion(30, 'NAT', 1),
  ],
};

describe('scoreResponses', () => {
  it('applies GATE marking and reports the spec totals, in master order', () => {
    const card = scoreResponses({ '1001': 'B', '1040': 'C', '1023': 'A,C', '1030': '2.96' }, paper, {
      '1001': 'B',
      '1040': 'A',
      '1023': 'A;C',
      '1030': '2.95',
    });
    expect(card.response.map((r) => [r.short_id, r.obtained_marks])).toEqual([
      ['1', 1],
      ['23', 1],
      ['30', 1],
      ['40', -2 / 3],
    ]);
    expect(card.totalScore).toEqual({
      Attempts: 4,
      'Incorrect Attempts': 1,
      'Final Marks': 3,
      'Negative Marks': 0.67,
      'Total Marks': 2.33,
    });
    expect(Object.keys(card.totalScore)).toEqual([
      'Attempts',
      'Incorrect Attempts',
      'Final Marks',
      'Negative Marks',
      'Total Marks',
    ]);
    expect(card.testPaper).toBe('CS 1');
  });

  it('gives no partial or negative marks for MSQ and NAT', () => {
    const card = scoreResponses({ '1023': 'A', '1030': '9' }, paper, { '1023': 'A;C', '1030': '2.95:3.05' });
    expect(card.totalScore).toMatchObject({
      Attempts: 2,
      'Incorrect Attempts': 2,
      'Total Marks': 0,
      'Negative Marks': 0,
    });
  });

  it("shows 'Not evaluated' without a key and never counts it as incorrect", () => {
    const card = scoreResponses({ '1040': 'C' }, paper, {});
    expect(card.response.find((r) => r.short_id === '40')).toMatchObject({
      obtained_marks: 'Not evaluated',
      answerKey: null,
    });
    expect(card.totalScore).toMatchObject({ Attempts: 1, 'Incorrect Attempts': 0, 'Total Marks': 0 });
  });

  it('pays MTA to everyone by default, and only to those who answered with mta: attempted', () => {
    const keys = { '1040': 'MTA', '1001': 'MTA' };
    const responses = { '1001': 'D', '1040': NO_RESPONSE };
    expect(scoreResponses(responses, paper, keys).totalScore['Total Marks']).toBe(3);
    const strict = scoreResponses(responses, paper, keys, { rules: { mta: 'attempted' } });
    expect(strict.totalScore).toMatchObject({ 'Total Marks': 1, Attempts: 1, 'Incorrect Attempts': 0 });
    expect(strict.scoringRules).toEqual({ mta: 'attempted' });
  });

  it('decides attempted from the value, not the status', () => {
    const card = scoreResponses(
      { '1001': 'B', '1040': '--' },
      paper,
      { '1001': 'B', '1040': 'A' },
      { statuses: { '1001': 'Not Answered', '1040': 'Answered' } },
    );
    expect(card.totalScore).toMatchObject({ Attempts: 1, 'Total Marks': 1 });
    expect(card.response.find((r) => r.short_id === '1')?.status).toBe('Not Answered');
  });

  it('re-scores a stored vector when the key changes', () => {
    const responses = { '1001': 'B' };
    expect(scoreResponses(responses, paper, { '1001': 'A' }).totalScore['Total Marks']).toBe(-0.33);
    expect(scoreResponses(responses, paper, { '1001': 'A OR B' }).totalScore['Total Marks']).toBe(1);
  });

  it('refuses a key that cannot be used, naming the question', () => {
    expect(() => scoreResponses({}, paper, { '1030': 'B' })).toThrow(
      "The answer key 'B' of Q30 (Question ID 1030) cannot be used.",
    );
  });
});

describe('displayMarks', () => {
  it('shows marks as whole thirds, as GATE awards them', () => {
    expect(displayMarks(-2 / 3)).toBe('\u2212\u2154');
    expect(displayMarks(-1 / 3)).toBe('\u2212\u2153');
    expect(displayMarks(274 / 3)).toBe('91\u2153');
    expect(displayMarks(5 / 3)).toBe('1\u2154');
    expect(displayMarks(2)).toBe('2');
    expect(displayMarks(-0)).toBe('0');
    expect(displayMarks('Not evaluated')).toBe('Not evaluated');
  });

  it('reads a total stored to two decimals as the third it stands for', () => {
    expect(displayMarks(72.33)).toBe('72\u2153');
    expect(displayMarks(-4.67)).toBe('\u22124\u2154');
  });

  it('shows a figure that is no third truncated to two decimals', () => {
    expect(displayMarks(45.678)).toBe('45.67');
    expect(displayDecimal(-0.661)).toBe('\u22120.66');
    expect(displayDecimal(-0.001)).toBe('0');
  });
});

/** A deterministic shuffle, so a failure can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let i = result.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [result[i], result[j]] = [itemAt(result, j), itemAt(result, i)];
  }
  return result;
}

/** Reorders the questions and relabels each question's options, as another candidate's sheet would show them. */
function reshuffle(sheet: ParsedSheet, seed: number): ParsedSheet {
  const questions = shuffled(sheet.questions, seed).map((question, index) => {
    const labels = Object.keys(question.options);
    const newLabels = shuffled(labels, seed + index + 1);
    const relabel = new Map(labels.map((label, i) => [label, itemAt(newLabels, i)]));
    const newLabel = (label: string) => relabel.get(label) ?? `unknown label ${label}`;
    const options: Record<string, string> = {};
    const masterLetters: Record<string, string> = {};
    for (const [label, image] of Object.entries(question.options)) options[newLabel(label)] = image;
    for (const [label, letter] of Object.entries(question.masterLetters)) masterLetters[newLabel(label)] = letter;
    const answer =
      question.type === 'NAT' || question.answer === null
        ? question.answer
        : question.answer.split(',').map(newLabel).join(',');
    return { ...question, options, masterLetters, answer };
  });
  return { ...sheet, questions };
}

/** One question panel of a fixture page, from its opening div to the close of its outer table. */
const PANEL = /<div class="question-pnl">[\s\S]*?<\/tbody><\/table><\/div>/g;

describe('property: the shuffle never changes the score', () => {
  for (const set of ['cs1-2026', 'da-2025'] as const) {
    it(`${set}: 20 random question and option orders of every sheet score the same`, () => {
      const { paper: built, keys, sheets } = loadFixtureSet(set);
      for (const { file } of sheets) {
        const sheet = parseResponseSheet(readFixtureText(set, file));
        const reference = scoreSheet(sheet, built, keys);
        for (let seed = 1; seed <= 20; seed++) {
          expect(scoreSheet(reshuffle(sheet, seed * 7919), built, keys)).toEqual(reference);
        }
      }
    });
  }

  it('moving the question panels of the HTML page around does not change the scorecard', () => {
    const { paper: built, keys, sheets } = loadFixtureSet('da-2025');
    const html = readFixtureText('da-2025', itemAt(sheets, 0).file);
    const reference = scoreSheet(parseResponseSheet(html), built, keys);
    for (let seed = 1; seed <= 5; seed++) {
      const moved = html
        .split('<div class="section-cntnr">')
        .map((section) => {
          const panels = section.match(PANEL) ?? [];
          const order = shuffled(panels, seed * 31);
          let next = 0;
          return section.replace(PANEL, () => itemAt(order, next++));
        })
        .join('<div class="section-cntnr">');
      expect(moved).not.toBe(html);
      expect(scoreSheet(parseResponseSheet(moved), built, keys)).toEqual(reference);
    }
  });

  it('a paper built from a reshuffled master sheet is the same paper', () => {
    const { sheets } = loadFixtureSet('cs1-2026');
    const master = parseResponseSheet(readFixtureText('cs1-2026', itemAt(sheets, sheets.length - 1).file));
    expect(buildPaper(reshuffle(master, 42))).toEqual(buildPaper(master));
  });
});

describe('scoreSheet refuses a sheet of another paper', () => {
  const cs1 = loadFixtureSet('cs1-2026');
  const da = loadFixtureSet('da-2025');
  const daSheet = parseResponseSheet(readFixtureText('da-2025', itemAt(da.sheets, 0).file));

  it('names the paper the sheet belongs to', () => {
    expect(() => scoreSheet(daSheet, cs1.paper, cs1.keys)).toThrow('This response sheet is DA, not CS 1.');
  });

  it('refuses a sheet whose Question IDs are not in the stored paper', () => {
    const error = (() => {
      try {
        scoreSheet(daSheet, { ...cs1.paper, testPaper: null }, cs1.keys);
      } catch (caught) {
        return caught as GateError;
      }
    })();
    expect(error?.code).toBe('WRONG_PAPER');
    expect(error?.message).toContain('none of its Question IDs');
  });

  it('says CS 2 when a CS 2 sheet is checked against CS 1', () => {
    const cs1Sheet = parseResponseSheet(readFixtureText('cs1-2026', itemAt(cs1.sheets, 0).file));
    const cs2Sheet = {
      ...cs1Sheet,
      candidate: { ...cs1Sheet.candidate, subject: 'Computer Science and Information Technology (CS2)' },
    };
    expect(() => scoreSheet(cs2Sheet, cs1.paper, cs1.keys)).toThrow('This response sheet is CS 2, not CS 1.');
  });
});
