import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaperPlan, SectionPlan } from './papers';
import type { KeyRange, QuestionType, TruthQuestion } from './truth';

/**
 * Papers whose questions are an official key's rows (test/fixtures/gate/official-keys/<folder>/expected.json, written
 * from the printed document): each question's number, type, section, marks and key as GATE published them, so the
 * sheets made for them are scored here exactly as the official key scores them. The printed keys are read by this
 * generator's own rules below, not by HireGate's key reader.
 */
const OFFICIAL_KEYS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/gate/official-keys');

interface PrintedRow {
  number: number;
  type: QuestionType;
  section: string;
  key: string;
  marks?: number;
}

const sections = (imageCode: string, keySection: string, label: string): SectionPlan[] => [
  {
    id: 'GA',
    label: 'General Aptitude',
    imageCode: `ga${imageCode.slice(-1)}`,
    keySection: 'GA',
    questions: 10,
    oneMark: 5,
    first: 1,
  },
  { id: 'S', label, imageCode, keySection, questions: 55, oneMark: 25, first: 11 },
];

const CS = 'Computer Science and Information Technology';
const DA = 'Data Science and Artificial Intelligence';

/** Each plan names the official key its questions come from; cs1-2025 takes the final key's rows. */
export const OFFICIAL_KEY_PLANS: ReadonlyArray<PaperPlan & { officialKey: string }> = [
  {
    set: 'official-cs-2023',
    officialKey: 'cs-2023',
    code: 'CS',
    year: 2023,
    subject: `${CS} (CS)`,
    idPrefix: 'CS23S1',
    sections: sections('cs1', 'CS', CS),
    choose: 0,
    seed: 2301,
    questionIdBase: 64_512_790_101,
  },
  {
    set: 'official-cs1-2024',
    officialKey: 'cs1-2024',
    code: 'CS',
    year: 2024,
    subject: `${CS} (CS1)`,
    idPrefix: 'CS24S5',
    sections: sections('cs5', 'CS-1', CS),
    choose: 0,
    seed: 2401,
    questionIdBase: 64_512_791_201,
  },
  {
    set: 'official-cs1-2025',
    officialKey: 'cs1-2025-final',
    code: 'CS',
    year: 2025,
    subject: `${CS} (CS1)`,
    idPrefix: 'CS25S1',
    sections: sections('cs1', 'CS-1', CS),
    choose: 0,
    seed: 2511,
    questionIdBase: 64_512_792_301,
  },
  {
    set: 'official-da-2025',
    officialKey: 'da-2025',
    code: 'DA',
    year: 2025,
    subject: `${DA} (DA)`,
    idPrefix: 'DA25S5',
    sections: sections('da5', 'DA', DA),
    choose: 0,
    seed: 2512,
    questionIdBase: 64_512_793_401,
  },
  {
    set: 'official-da-2026',
    officialKey: 'da-2026',
    code: 'DA',
    year: 2026,
    subject: `${DA} (DA)`,
    idPrefix: 'DA26S3',
    sections: sections('da3', 'DA', DA),
    choose: 0,
    seed: 2601,
    questionIdBase: 64_512_794_501,
  },
];

/** The paper's questions in the key's order, from its printed rows. */
export function officialKeyQuestions(plan: PaperPlan & { officialKey: string }): TruthQuestion[] {
  const { rows } = JSON.parse(readFileSync(path.join(OFFICIAL_KEYS, plan.officialKey, 'expected.json'), 'utf8')) as {
    rows: PrintedRow[];
  };
  return rows.map((row, index) => {
    const section = plan.sections.find((candidate) => candidate.keySection === row.section);
    if (!section) throw new Error(`${plan.officialKey} row ${row.number}: no section ${row.section} in the plan`);
    // A key without a Marks column (DA 2026) leaves marks to the paper: one-mark questions come first in a section.
    const marks = row.marks ?? (row.number - section.first < section.oneMark ? 1 : 2);
    return {
      section,
      number: row.number,
      imageNumber: row.number,
      questionId: String(plan.questionIdBase + index),
      type: row.type,
      marks: marks === 1 ? 1 : 2,
      key: printedKey(row.type, row.key),
    };
  });
}

/**
 * A key as printed: 'MTA' or 'MTA*' (marks to all); NAT 'low to high', alternatives joined by 'OR'; MSQ letters joined
 * by ';' or ', ', alternative sets joined by 'or'; MCQ one letter.
 */
function printedKey(type: QuestionType, printed: string): TruthQuestion['key'] {
  if (/^MTA\*?$/.test(printed)) return { kind: 'MTA' };
  const alternatives = printed.split(/\s+or\s+/i);
  if (type === 'NAT') return { kind: 'ranges', ranges: alternatives.map(rangeOf) };
  return { kind: 'letters', sets: alternatives.map((set) => set.split(/\s*[;,]\s*/)) };
}

function rangeOf(printed: string): KeyRange {
  const [low = '', high = ''] = printed.split(/\s+to\s+/);
  return { low: Number(low), high: Number(high), text: `${low}:${high}` };
}
