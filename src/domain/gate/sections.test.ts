import { describe, expect, it } from 'vitest';
import {
  describeSections,
  detectSectionChoice,
  resolveSectionChoice,
  SectionChoiceError,
  type PaperSections,
} from './sections';

const xe: PaperSections = {
  paper: 'XE',
  year: 2026,
  choose: 2,
  sections: [
    { id: 'GA', name: 'General Aptitude', optional: false },
    { id: 'A', name: 'Section A', optional: false },
    ...['B', 'C', 'D', 'I'].map((id) => ({ id, name: `Section ${id}`, optional: true })),
  ],
};
const answered = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('choosing the sections that count', () => {
  it('reads the choice off the answers when exactly the allowed number of optional sections has answers', () => {
    expect(resolveSectionChoice(xe, answered({ GA: 9, A: 8, C: 3, I: 12 }))).toEqual({
      sections: ['C', 'I'],
      decidedBy: 'answers',
    });
  });

  it('asks, listing the choices that fit, when too few or too many optional sections have answers', () => {
    expect(detectSectionChoice(xe, answered({ B: 4 }))).toMatchObject({
      reason: 'too-few-answered',
      choices: [
        ['B', 'C'],
        ['B', 'D'],
        ['B', 'I'],
      ],
    });
    expect(detectSectionChoice(xe, answered({ B: 4, C: 1, I: 2 }))).toMatchObject({
      reason: 'too-many-answered',
      choices: [
        ['B', 'C'],
        ['B', 'I'],
        ['C', 'I'],
      ],
    });
    expect(detectSectionChoice(xe, answered({ A: 5 }))).toMatchObject({ reason: 'none-answered' });
    expect(() => resolveSectionChoice(xe, answered({}))).toThrow(SectionChoiceError);
  });

  it("takes the candidate's choice when it fits the answers, and refuses one that leaves an answered section out", () => {
    expect(resolveSectionChoice(xe, answered({ B: 4 }), ['i', 'B'])).toEqual({
      sections: ['B', 'I'],
      decidedBy: 'candidate',
    });
    expect(() => resolveSectionChoice(xe, answered({ B: 4 }), ['C', 'D'])).toThrow(
      'That choice does not fit this XE response sheet: choose two of Section B, Section C, Section D and Section I, with Section B, which it answers.',
    );
    expect(() => resolveSectionChoice(xe, answered({ B: 1, C: 1, D: 1 }), ['B', 'I'])).toThrow(
      'That choice does not fit this XE response sheet: choose two of the sections it answers, Section B, Section C and Section D.',
    );
    expect(() => resolveSectionChoice(xe, answered({ B: 4, C: 2 }), ['B'])).toThrow(SectionChoiceError);
  });
});

describe("a choice paper's rule in words", () => {
  it('names the sections everyone answers, how many optional ones count, and the choices ranked apart', () => {
    expect(describeSections(xe)).toBe(
      'Sections GA and A count for everyone, and two of B, C, D and I as each candidate chooses.',
    );
    const gg: PaperSections = {
      paper: 'GG',
      year: 2025,
      choose: 1,
      sections: [
        { id: 'GA', name: 'General Aptitude', optional: false },
        { id: 'A', name: 'Part A', optional: false },
        { id: 'B1', name: 'Part B1', optional: true, rankedAs: 'GG1' },
        { id: 'B2', name: 'Part B2', optional: true, rankedAs: 'GG2' },
      ],
    };
    expect(describeSections(gg)).toBe(
      'Sections GA and A count for everyone, and one of B1 and B2 as each candidate chooses (B1 is ranked as GG1 and B2 is ranked as GG2).',
    );
  });
});
