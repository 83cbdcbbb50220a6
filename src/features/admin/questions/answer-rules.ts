import { filterKeyInput, validateKeyInput } from '../../../domain/gate';

/** The screen's side of the engine's admin answer-entry rules: what is kept as typed, and what may be saved. */

const DEFAULT_LETTERS = ['A', 'B', 'C', 'D'];

/** MCQ choices: the question's option letters, else A-D. */
export function answerLetters(options: Record<string, string> | undefined): string[] {
  const letters = Object.keys(options ?? {}).sort();
  return letters.length ? letters : DEFAULT_LETTERS;
}

/** Filters a keystroke's text for the question type and says what, if anything, is wrong with it. */
export function enterAnswer(type: string | undefined, raw: string): { value: string; error: string } {
  const value = filterKeyInput(type ?? '', raw);
  return { value, error: validateKeyInput(type ?? '', value).error ?? '' };
}

/** Save Answer needs an answer that is valid for the type (the saving state is the caller's). */
export function canSaveAnswer(type: string | undefined, value: string): boolean {
  return value.trim() !== '' && validateKeyInput(type ?? '', value).valid;
}
