import { describe, expect, it } from 'vitest';
import { buildPaper, parseResponseSheet, type ParsedSheet, type SheetQuestion } from '.';
import { familyFile } from '../../../test/support/paper-families';

const gg = parseResponseSheet(familyFile('gg-2025', 'master.html'));
const ge = parseResponseSheet(familyFile('ge-2025', 'master.html'));
const changed = (sheet: ParsedSheet, change: (question: SheetQuestion) => Partial<SheetQuestion>): ParsedSheet => ({
  ...sheet,
  questions: sheet.questions.map((question) => ({ ...question, ...change(question) })),
});
const refusal = (sheet: ParsedSheet) => {
  try {
    buildPaper(sheet);
  } catch (error) {
    return (error as Error).message;
  }
  return 'built';
};

describe('placing the questions of a paper with parts', () => {
  it("takes a part numbered on from the one before (GG's B2 as 66-104) onto the key's numbers, 27-65", () => {
    const onwards = changed(gg, (q) => (q.sectionCode === 'ggb2' ? { masterNumber: q.masterNumber + 65 } : {}));
    const b2 = buildPaper(onwards).questions.filter((q) => q.section === 'B2');
    expect(b2.map((q) => Number(q.short_id))).toEqual(Array.from({ length: 39 }, (_, i) => 27 + i));
    expect(b2.map((q) => q.marks)).toEqual([...Array<number>(18).fill(1), ...Array<number>(21).fill(2)]);
  });

  it('refuses a sheet whose image names skip a number, repeat one, or name no section of the paper', () => {
    const skipped = changed(ge, (q) => (q.sectionCode === 'geb1' && q.masterNumber === 65 ? { masterNumber: 66 } : {}));
    expect(refusal(skipped)).toMatch(/the image names of Part B1: Surveying and Mapping skip question numbers/);
    const repeated = changed(ge, (q) => (q.sectionCode === 'gea' && q.masterNumber === 12 ? { masterNumber: 11 } : {}));
    expect(refusal(repeated)).toMatch(/two questions of Part A \(Compulsory\) carry number 11/);
    const stray = changed(ge, (q) => (q.sectionCode === 'geb2' ? { sectionCode: 'gez', section: 'Part Z' } : {}));
    expect(refusal(stray)).toMatch(/image code 'gez', under 'Part Z'\) belongs to no section of GE/);
  });

  it('refuses a section with another number of questions than its year had, and names a Question ID out of order', () => {
    const short: ParsedSheet = { ...ge, questions: ge.questions.filter((q) => q.masterNumber !== 84) };
    expect(refusal(short)).toMatch(/Part B2: Image Processing and Analysis has 18 questions on the sheet, not 19/);
    const first = ge.questions.find((q) => q.sectionCode === 'gea' && q.masterNumber === 11)!;
    const swapped = changed(ge, (q) => (q.longId === first.longId ? { longId: '99999999999' } : {}));
    expect(buildPaper(swapped).warnings).toEqual([
      expect.stringMatching(
        /^Question ID 99999999999 does not follow the key's order: its image names say A Q11, its ID puts it at position /,
      ),
    ]);
  });
});
