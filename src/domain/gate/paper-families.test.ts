import { assert, describe, expect, it } from 'vitest';
import {
  buildPaper,
  importOfficialKey,
  isGateError,
  isSectionChoiceError,
  officialRowsOfPdf,
  officialRowsOfText,
  parseResponseSheet,
  readOfficialKey,
  scoreSheet,
  withKeyMarks,
} from '.';
import { keyPdfPages } from '../../../test/support/key-pdf';
import {
  expectFamilyScorecard,
  familyFile,
  familySets,
  loadFamilySet,
  officialKeyRows,
  type FamilyRefusal,
} from '../../../test/support/paper-families';

/** The error a call throws, or fails the test when it returns. */
function refusalOf(call: () => unknown) {
  try {
    call();
  } catch (error) {
    assert.isTrue(isGateError(error), String(error));
    return error as Error & { code: string; question?: { reason: string } };
  }
  return assert.fail('expected a refusal');
}

describe.each(familySets)('paper family set %s', (set) => {
  const { paper: fixturePaper, key, sheets, refused } = loadFamilySet(set);
  const paper = buildPaper(parseResponseSheet(familyFile(set, 'master.html')), fixturePaper.name);
  const hasChoice = fixturePaper.choose > 0;

  it("builds the master paper of paper.json from the master sheet: sections, the key's numbers and marks", () => {
    expect(paper.warnings).toEqual([]);
    // A two-session paper's default name carries the session its Subject line names, as CS's does ('GATE 2025 CE1').
    const session = /\((?:[A-Z]{2})(\d)\)$/.exec(fixturePaper.subject)?.[1] ?? '';
    expect(buildPaper(parseResponseSheet(familyFile(set, 'master.html'))).name).toBe(`${fixturePaper.name}${session}`);
    expect(paper.questions).toEqual(
      fixturePaper.questions.map((q) => ({
        long_id: q.questionId,
        short_id: String(q.number),
        name: fixturePaper.name,
        type: q.type,
        marks: q.marks,
        question: q.stem,
        options: q.options,
        ...(hasChoice ? { section: q.section } : {}),
      })),
    );
    if (!hasChoice) return expect(paper.sections).toBeUndefined();
    expect(paper.sections).toMatchObject({
      paper: fixturePaper.paper,
      year: fixturePaper.year,
      choose: fixturePaper.choose,
      sections: fixturePaper.sections.map((section) => ({ id: section.id, optional: section.optional === true })),
    });
  });

  it.each(sheets.map((sheet) => [sheet.candidateId, sheet] as const))(
    'scores %s exactly as expected.json',
    (_id, expected) => {
      const card = scoreSheet(parseResponseSheet(familyFile(set, expected.file)), paper, key.keys);
      expectFamilyScorecard(card, expected, hasChoice);
    },
  );

  it('reads the official key rows (Section and Marks columns) onto every Question ID with its marks', () => {
    const imported = importOfficialKey(familyFile(set, 'key-official.txt'), paper.questions, paper.sections);
    expect(imported.keys).toEqual(key.keys);
    expect(imported.warnings).toEqual([]);
    if (hasChoice) {
      expect(imported.marks).toEqual(Object.fromEntries(paper.questions.map((q) => [q.long_id, q.marks])));
    }
  });

  it.each(refused.map((refusal) => [refusal.file, refusal] as const))(
    'refuses %s with its message, and scores it once the candidate answers',
    (_file, refusal: FamilyRefusal) => {
      const sheet = parseResponseSheet(familyFile(set, refusal.file));
      const error = refusalOf(() =>
        refusal.error.code === 'UNKNOWN_PAPER' ? buildPaper(sheet) : scoreSheet(sheet, paper, key.keys),
      );
      expect({ code: error.code, message: error.message }).toEqual({
        code: refusal.error.code,
        message: refusal.error.message,
      });
      if (refusal.error.reason) {
        assert.isTrue(isSectionChoiceError(error));
        expect(error.question?.reason).toBe(refusal.error.reason);
      }
      if (refusal.error.code === 'UNKNOWN_PAPER') {
        expect(refusalOf(() => scoreSheet(sheet, paper, key.keys)).message).toBe(refusal.error.message);
      }
      if (!refusal.afterChoice) return;
      const card = scoreSheet(sheet, paper, key.keys, { chosenSections: refusal.afterChoice.choice });
      expectFamilyScorecard(card, refusal.afterChoice.expected, true);
    },
  );
});

const KEY_HEADER = ['Q. No.', 'Session', 'Q. Type', 'Section', 'Key/Range', 'Marks'];

describe('official keys of papers with parts', () => {
  const { key } = loadFamilySet('ge-2025');
  const paper = buildPaper(parseResponseSheet(familyFile('ge-2025', 'master.html')));
  const rows = officialKeyRows('ge-2025');

  it('reads a multi-section key PDF (GA, GE-A, GE-B-SI, GE-B-SII, Session and Marks) onto all 84 Question IDs', async () => {
    const pages = await keyPdfPages({ layout: 'older', rows, rowsPerPage: 30 });
    expect(pages.length).toBe(3);
    const reading = readOfficialKey(officialRowsOfPdf(pages), paper.questions, paper.sections);
    expect(reading.keys).toEqual(key.keys);
    expect(reading.warnings).toEqual([]);
    expect(Object.keys(reading.marks ?? {})).toHaveLength(84);
  });

  it("takes the key's marks over the paper's, and names a row of a section the paper lacks", () => {
    const changed = rows.map((row) => (row[0] === '47' && row[3] === 'GE-B-SI' ? [...row.slice(0, 5), '2'] : row));
    const foreign = ['12', '1', 'MCQ', 'XE-B', 'A', '1'];
    const text = [KEY_HEADER, ...changed, foreign].map((row) => row.join(' | ')).join('\n');
    const reading = readOfficialKey(officialRowsOfText(text), paper.questions, paper.sections);
    const first = paper.questions.find((q) => q.section === 'B1' && q.short_id === '47')!;
    expect(reading.marks?.[first.long_id]).toBe(2);
    expect(reading.warnings).toEqual([
      `The key row '${changed.find((row) => row[0] === '47')!.join(' ')}' gives B1 Q47 2 marks; the paper had 1: the key's marks count.`,
      `The key row '${foreign.join(' ')}' names section XE-B, which GE does not have.`,
    ]);
    const marked = withKeyMarks(paper, reading.marks!);
    expect(marked.questions.find((q) => q.long_id === first.long_id)?.marks).toBe(2);
    expect(paper.questions.find((q) => q.long_id === first.long_id)?.marks).toBe(1);
  });
});
