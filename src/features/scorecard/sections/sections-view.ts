import { NO_RESPONSE, type Provenance, type ScorecardQuestion, type SectionsOutcome } from '../../../domain/gate';
import type { PaperPredictionFields } from '../../../lib/scorecard/types';
import { marksText } from '../breakdown/scorecard-view';

/** What the sections card and the score inputs show, derived from the scorecard data; no React, tested in node. */

export interface SectionRow {
  id: string;
  name: string;
  /** 'Everyone's', 'Your choice' or 'Not chosen: not counted'. */
  role: string;
  counted: boolean;
  attempts: string;
  marks: string;
}

/**
 * Each section of a paper with parts: what it is to the candidate, their attempts, and marks out of its most. A section
 * not chosen counts no attempts, yet the sheet may answer its questions (the reason the choice was asked): its row
 * shows how many, read off the questions, and that they are not counted.
 */
export function sectionRows(sections: SectionsOutcome, response: readonly ScorecardQuestion[]): SectionRow[] {
  const optional = new Set(sections.sections.filter((section) => section.optional).map((section) => section.id));
  const answeredIn = (id: string) =>
    response.filter((question) => question.section === id && question.response_given !== NO_RESPONSE).length;
  return sections.sections.map((section) => {
    const role = !optional.has(section.id) ? "Everyone's" : section.chosen ? 'Your choice' : 'Not chosen: not counted';
    return {
      id: section.id,
      name: section.name,
      role,
      counted: section.chosen,
      attempts: section.chosen ? String(section.attempts) : `${answeredIn(section.id)}, not counted`,
      marks: section.chosen
        ? `${marksText(section.marks)} / ${marksText(section.maxMarks)}`
        : `— / ${marksText(section.maxMarks)}`,
    };
  });
}

/** How the choice was made, and the paper the result is ranked as when a choice is ranked apart (GG1, GG2). */
export function choiceText(sections: SectionsOutcome, paperCode: string): string {
  const chosen = sections.chosen.join(' and ');
  const how =
    sections.decidedBy === 'answers'
      ? `Your sections, ${chosen}, are the ones your sheet answers.`
      : `Your sections, ${chosen}, are the ones you told us you chose.`;
  return sections.rankedAs !== paperCode ? `${how} You are ranked as ${sections.rankedAs}.` : how;
}

const PROVENANCE_WORDS: Record<Provenance, string> = {
  published: 'published',
  derived: 'derived',
  estimated: 'estimated',
};

export interface ScoreInputRow {
  label: string;
  value: string;
  kind: Provenance | 'missing';
  /** Where it comes from or how it was made; empty for a missing one. */
  source: string;
}

/**
 * Every input of a paper's GATE score and rank as the catalogue gives it: the qualifying mark by category, the
 * top-0.1% mean, appeared and qualified, each published, derived or estimated, or not known.
 */
export function scoreInputRows(prediction: PaperPredictionFields | undefined): ScoreInputRow[] {
  const inputs = prediction?.paperScore;
  if (!inputs) return [];
  const row = (
    label: string,
    input: { value: number; kind: Provenance; source: string } | null | undefined,
    whole = false,
  ) =>
    input
      ? {
          label,
          value: whole ? Math.round(input.value).toLocaleString('en-IN') : marksText(input.value),
          kind: input.kind,
          source: input.source,
        }
      : { label, value: 'not known', kind: 'missing' as const, source: '' };
  const marks = inputs.qualifyingMarks;
  return [
    row('Qualifying mark, General', marks?.general),
    row('Qualifying mark, OBC-NCL / EWS', marks?.obcNclEws),
    row('Qualifying mark, SC / ST / PwD', marks?.scStPwd),
    row('Top-0.1% mean (M̄t)', inputs.topMean),
    row('Appeared', inputs.appeared, true),
    row('Qualified', inputs.qualified, true),
  ];
}

export const provenanceText = (kind: ScoreInputRow['kind']) => (kind === 'missing' ? '' : PROVENANCE_WORDS[kind]);
