import type { SectionChoiceQuestion } from '../../domain/gate/sections';
import { ApiError } from '../api';

/**
 * A paper whose candidates choose sections (XE, GE…) sometimes cannot tell from the sheet which ones the candidate
 * chose: the API answers SECTION_CHOICE_NEEDED with the question to put. The candidate's answer is kept on this device
 * for the sheet's link, so every later score request for it (after the e-mail step, a refresh) says it again.
 */

export interface SectionChoice {
  /** The engine's question in the candidate's words. */
  message: string;
  choice: SectionChoiceQuestion;
}

/** The question a refused score request asks, when it asks one. */
export function sectionChoiceOf(error: unknown): SectionChoice | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code !== 'SECTION_CHOICE_NEEDED') return undefined;
  const body = error.body as { choice?: SectionChoiceQuestion } | null;
  if (!body?.choice || !Array.isArray(body.choice.optional)) return undefined;
  return { message: error.message, choice: body.choice };
}

const STORAGE_KEY = 'hiregate.sections';
/** A handful of sheets is all a device checks; the oldest answers go first. */
const KEPT = 20;

const linkKey = (link: string) => link.trim();

function remembered(storage: Storage): Array<[string, string[]]> {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as Array<[string, string[]]>) : [];
  } catch {
    return [];
  }
}

export function rememberSections(link: string, sections: readonly string[], storage = localStorage): void {
  const others = remembered(storage).filter(([known]) => known !== linkKey(link));
  storage.setItem(STORAGE_KEY, JSON.stringify([...others, [linkKey(link), [...sections]]].slice(-KEPT)));
}

/** The sections this device's candidate said they chose on this sheet, when they said. */
export function sectionsFor(link: string, storage = localStorage): string[] | undefined {
  return remembered(storage).find(([known]) => known === linkKey(link))?.[1];
}

/** 'Choose two sections.' or a choice the answers rule out, in the candidate's words; undefined when it fits. */
export function choiceProblem(choice: SectionChoiceQuestion, picked: readonly string[]): string | undefined {
  const words = ['no', 'one', 'two', 'three'];
  if (picked.length !== choice.choose) {
    return `Choose ${words[choice.choose] ?? choice.choose} section${choice.choose === 1 ? '' : 's'}.`;
  }
  const fits = choice.choices.some(
    (allowed) => allowed.length === picked.length && allowed.every((id) => picked.includes(id)),
  );
  if (fits) return undefined;
  const answered = choice.optional.filter((section) => section.answered > 0).map((section) => section.name);
  return `Your sheet answers ${answered.join(', ')}: choose among the sections that fit those answers.`;
}
