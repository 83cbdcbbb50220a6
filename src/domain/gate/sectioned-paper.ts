import type { SectionDefinition } from './catalogue/catalogue';
import type { SheetCatalogueEntry } from './catalogue/identify';
import { untrustedPaper as untrusted } from './gate-error';
import type { PaperSections } from './sections';
import type { SheetQuestion } from './types';

/**
 * The master paper of a paper with parts (GE, XE…), from one candidate's sheet and the catalogue's sections: each
 * question's section from its image code (`gea`, `geb1`, `xeb`), else from the section label it sits under; its
 * number from the image name, checked against the section's numbers and the Question ID order; its marks from the
 * section's marks and question count, the one-mark questions first.
 */
export interface SectionedBuild {
  questions: Array<{ question: SheetQuestion; section: string; number: number; marks: number }>;
  sections: PaperSections;
  warnings: string[];
}

export function buildSections(
  sheetQuestions: readonly SheetQuestion[],
  entry: Required<Pick<SheetCatalogueEntry, 'code' | 'layout'>> & { year: number },
): SectionedBuild {
  const { code, layout } = entry;
  const definitions = layout.layout.sections;
  const bySection = new Map<string, SheetQuestion[]>(definitions.map((definition) => [definition.id, []]));
  for (const question of sheetQuestions) {
    const definition = sectionOf(question, code, definitions);
    if (!definition) {
      throw untrusted(
        `Question ID ${question.longId} (image code '${question.sectionCode}', under '${question.section}') belongs to no section of ${code}`,
      );
    }
    bySection.get(definition.id)!.push(question);
  }
  const warnings: string[] = [];
  if (!layout.exact) {
    warnings.push(
      `The catalogue has no sections of ${code} for ${entry.year}: those of ${layout.year} are used. Check the marks against the official key.`,
    );
  }
  const present = definitions.filter((definition) => bySection.get(definition.id)!.length > 0);
  for (const missing of definitions.filter((definition) => !present.includes(definition))) {
    warnings.push(`The sheet shows no question of ${missing.name}: it is left out of the paper.`);
  }
  const questions = present.flatMap((definition) => placeSection(definition, bySection.get(definition.id)!));
  warnings.push(...questionIdOrderWarnings(questions));
  return {
    questions,
    sections: {
      paper: code,
      year: entry.year,
      choose: layout.layout.choose,
      sections: present.map(({ id, name, optional, rankedAs, keySections }) => ({
        id,
        name,
        optional: optional === true,
        ...(rankedAs ? { rankedAs } : {}),
        keySections: keySections ?? [id === 'GA' ? 'GA' : `${code}-${id}`],
      })),
    },
    warnings,
  };
}

/** The section a question sits in: its image code names it (GA images are GA), else its section label does. */
function sectionOf(question: SheetQuestion, code: string, definitions: readonly SectionDefinition[]) {
  if (question.sectionKind === 'GA') return definitions.find((definition) => definition.id === 'GA');
  const imageCode = question.sectionCode.toLowerCase();
  const byImage = definitions.find(
    (definition) =>
      definition.id !== 'GA' &&
      (definition.imageCodes ?? [`${code}${definition.id}`.toLowerCase()]).includes(imageCode),
  );
  if (byImage) return byImage;
  const labelled = /\b(?:part|section)\s+([A-Z]\d?)\b/i.exec(question.section)?.[1]?.toUpperCase();
  return labelled ? definitions.find((definition) => definition.id === labelled) : undefined;
}

/**
 * A section's questions in key order with their numbers and marks: the image numbers placed on the key's (see
 * numberOffset). Marks: a section of n questions and m marks has 2n − m one-mark questions, and GATE puts them first.
 */
function placeSection(definition: SectionDefinition, questions: SheetQuestion[]) {
  const count = questions.length;
  if (definition.questions !== undefined && definition.questions !== count) {
    throw untrusted(`${definition.name} has ${count} questions on the sheet, not ${definition.questions}`);
  }
  const ordered = questions
    .map((question) => ({ question, number: question.masterNumber }))
    .sort((a, b) => a.number - b.number);
  ordered.forEach((entry, index) => {
    if (index > 0 && ordered[index - 1]!.number === entry.number) {
      throw untrusted(`two questions of ${definition.name} carry number ${entry.number} in their image names`);
    }
  });
  const offset = numberOffset(
    definition,
    ordered.map((entry) => entry.number),
  );
  for (const entry of ordered) entry.number += offset;
  const oneMark = 2 * count - definition.marks;
  if (oneMark < 0 || oneMark > count) {
    throw untrusted(
      `${count} questions of one or two marks cannot make the ${definition.marks} marks of ${definition.name}`,
    );
  }
  return ordered.map(({ question, number }, index) => ({
    question,
    section: definition.id,
    number,
    marks: index < oneMark ? 1 : 2,
  }));
}

/**
 * What turns image numbers into the key's: 0 when they are the key's (GE: 47-65 for Part B1), first − 1 when they count
 * from 1 within the section, and likewise for any other run of consecutive numbers (a part numbered on from the one
 * before it). Numbers that are not one consecutive run cannot be placed: the sheet is refused.
 */
function numberOffset(definition: SectionDefinition, numbers: readonly number[]): number {
  if (definition.first === undefined) return 0;
  const lowest = Math.min(...numbers);
  if (Math.max(...numbers) - lowest + 1 !== numbers.length) {
    throw untrusted(
      `the image names of ${definition.name} skip question numbers (${[...numbers].sort((a, b) => a - b).join(', ')})`,
    );
  }
  return definition.first - lowest;
}

/**
 * Question IDs are consecutive in key order over the whole paper, so ID − position is the same for every question;
 * those that disagree with the most common difference are named for the admin instead of being reordered.
 */
function questionIdOrderWarnings(
  questions: ReadonlyArray<{ question: SheetQuestion; section: string; number: number }>,
) {
  const offsets = questions.map((entry, position) => Number(entry.question.longId) - position);
  const counts = new Map<number, number>();
  for (const offset of offsets) counts.set(offset, (counts.get(offset) ?? 0) + 1);
  const [base] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0];
  return questions.flatMap((entry, position) =>
    offsets[position] === base
      ? []
      : [
          `Question ID ${entry.question.longId} does not follow the key's order: its image names say ${entry.section} Q${entry.number}, its ID puts it at position ${Number(entry.question.longId) - base + 1}.`,
        ],
  );
}
