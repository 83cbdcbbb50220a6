import type { SectionKind } from './types';

export const QUESTIONS_PER_PAPER = 65;
export const GA_QUESTIONS = 10;

/** Marks by master number (CS and DA, 2021-2026): GA Q1-5 and subject Q11-35 one mark, the rest two. */
export function marksForMaster(masterNumber: number): 1 | 2 {
  if (masterNumber <= 5) return 1;
  if (masterNumber <= GA_QUESTIONS) return 2;
  return masterNumber <= 35 ? 1 : 2;
}

export function sectionOfMaster(masterNumber: number): SectionKind {
  return masterNumber <= GA_QUESTIONS ? 'GA' : 'subject';
}
