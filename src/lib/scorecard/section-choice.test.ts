import { describe, expect, it } from 'vitest';
import type { SectionChoiceQuestion } from '../../domain/gate/sections';
import { ApiError } from '../api';
import { choiceProblem, rememberSections, sectionChoiceOf, sectionsFor } from './section-choice';

const question: SectionChoiceQuestion = {
  paper: 'XE',
  reason: 'too-many-answered',
  choose: 2,
  optional: [
    { id: 'B', name: 'Section B: Fluid Mechanics', answered: 4 },
    { id: 'C', name: 'Section C: Materials Science', answered: 2 },
    { id: 'D', name: 'Section D: Solid Mechanics', answered: 1 },
    { id: 'E', name: 'Section E: Thermodynamics', answered: 0 },
  ],
  choices: [
    ['B', 'C'],
    ['B', 'D'],
    ['C', 'D'],
  ],
};

/** localStorage as the browser keeps it, for node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('a choice of sections the checker must ask for', () => {
  it('reads the question off the API refusal, and nothing else', () => {
    const refusal = new ApiError(422, 'tell us which two you chose', {
      code: 'SECTION_CHOICE_NEEDED',
      choice: question,
    });
    expect(sectionChoiceOf(refusal)).toEqual({ message: 'tell us which two you chose', choice: question });
    expect(sectionChoiceOf(new ApiError(422, 'no', { code: 'WRONG_PAPER' }))).toBeUndefined();
    expect(sectionChoiceOf(new Error('offline'))).toBeUndefined();
  });

  it('asks for as many sections as count, and among those that fit the answers', () => {
    expect(choiceProblem(question, ['B'])).toBe('Choose two sections.');
    expect(choiceProblem(question, ['B', 'E'])).toBe(
      'Your sheet answers Section B: Fluid Mechanics, Section C: Materials Science, Section D: Solid Mechanics: choose among the sections that fit those answers.',
    );
    expect(choiceProblem(question, ['D', 'B'])).toBeUndefined();
  });

  it('keeps the answer for the link on this device, the latest for each link', () => {
    const storage = memoryStorage();
    const link = 'https://cdn.digialm.com/per/XE25S1_GATE.html';
    expect(sectionsFor(link, storage)).toBeUndefined();
    rememberSections(link, ['B', 'C'], storage);
    rememberSections(`${link} `, ['B', 'D'], storage);
    expect(sectionsFor(link, storage)).toEqual(['B', 'D']);
  });
});
