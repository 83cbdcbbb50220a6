/**
 * Writes the generated fixture sets of every paper family into test/fixtures/gate/<set>/: sheets in the portal's
 * markup with shuffled questions and options, the key (by Question ID, and as official rows with Section and Marks
 * columns), the paper, and expected.json computed by this generator's own scorer from its ground truth. It imports
 * nothing from src/: the tests compare HireGate's engine with an independent reading of the same facts.
 * Run: npm run fixtures:gate (deterministic: the same files on every run).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedScore, keyText, type ExpectedQuestion } from './expected-score';
import { OFFICIAL_KEY_PLANS, officialKeyQuestions } from './official-keys';
import { PAPER_PLANS, type PaperPlan } from './papers';
import { sheetHtml, type PanelQuestion, type SheetSection } from './sheet-html';
import {
  LETTERS,
  responseTo,
  seededRandom,
  shuffled,
  truthQuestions,
  type CandidatePlan,
  type TruthQuestion,
  type TruthResponse,
} from './truth';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/gate');
const ORIGIN = 'http://127.0.0.1:4599';
const NAMES = ['ANANYA DAS', 'ROHAN MEHTA', 'KAVYA IYER', 'ARJUN SINGH', 'MEERA NAIR', 'VIKRAM RAO', 'SNEHA PATIL'];
const PAPER_CODES =
  'AE, AG, AR, BM, BT, CE, CH, CS, CY, DA, EC, EE, ES, EY, GE, GG, IN, MA, ME, MN, MT, NM, PE, PH, PI, ST, TF, XE, XH, XL';

/** Which optional sections each sound candidate answers, per set; the master sheet is the first plan's. */
const CHOICES: Record<string, string[][]> = {
  'ge-2025': [['B1'], ['B2'], ['B1'], ['B2']],
  'ar-2025': [['B1'], ['B2'], ['B2'], ['B1']],
  'gg-2025': [['B1'], ['B2'], ['B1'], ['B2']],
  'xe-2025': [
    ['B', 'C'],
    ['D', 'H'],
    ['E', 'F'],
    ['B', 'G'],
    ['C', 'H'],
  ],
  'xl-2025': [
    ['Q', 'R'],
    ['S', 'T'],
    ['Q', 'U'],
    ['R', 'T'],
  ],
  'xh-2025': [['C1'], ['C2'], ['C3'], ['C4'], ['C5'], ['C6']],
};

interface BadCase {
  file: string;
  answers: string[];
  idPrefix?: string;
  subject?: string;
  error: { code: string; reason?: string; message: (plan: PaperPlan, id: string) => string };
  /** The candidate's answer to the question, and the score that follows. */
  afterChoice?: string[];
}

const BAD_CASES: Record<string, BadCase[]> = {
  'xe-2025': [
    {
      file: 'bad/three-sections.html',
      answers: ['B', 'C', 'D'],
      error: {
        code: 'SECTION_CHOICE_NEEDED',
        reason: 'too-many-answered',
        message: () =>
          'This XE response sheet answers questions of Section B: Fluid Mechanics, Section C: Materials Science and Section D: Solid Mechanics, but XE counts only two of them: tell us which two you chose. The answers in the other are not counted.',
      },
      afterChoice: ['B', 'D'],
    },
    {
      file: 'bad/one-section.html',
      answers: ['E'],
      error: {
        code: 'SECTION_CHOICE_NEEDED',
        reason: 'too-few-answered',
        message: () =>
          'This XE response sheet answers questions of Section E: Thermodynamics only. XE counts two of its optional sections: tell us which other one you chose.',
      },
      afterChoice: ['E', 'G'],
    },
  ],
  'ge-2025': [
    {
      file: 'bad/no-part-b.html',
      answers: [],
      error: {
        code: 'SECTION_CHOICE_NEEDED',
        reason: 'none-answered',
        message: () =>
          'This GE response sheet answers no question of Part B1: Surveying and Mapping or Part B2: Image Processing and Analysis, so it does not show which you chose. GE counts one of them: tell us which one you chose.',
      },
      afterChoice: ['B2'],
    },
  ],
  'ee-2025': [
    {
      file: 'bad/unknown-paper.html',
      answers: [],
      idPrefix: 'ZZ25S3',
      subject: 'ZZ Zoology of Zebras',
      error: {
        code: 'UNKNOWN_PAPER',
        message: (_plan, id) =>
          `This response sheet is for paper ZZ (candidate id ${id}), which is not a GATE paper. GATE's papers are ${PAPER_CODES}.`,
      },
    },
  ],
};

function generateSet(plan: PaperPlan & { officialKey?: string }): void {
  const random = seededRandom(plan.seed);
  const questions = plan.officialKey
    ? officialKeyQuestions({ ...plan, officialKey: plan.officialKey })
    : truthQuestions(plan, random);
  const folder = path.join(ROOT, plan.set);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(path.join(folder, 'sheets'), { recursive: true });
  const yy = String(plan.year).slice(-2);
  const session = `GATE${yy}${plan.seed}S${plan.idPrefix.slice(-1)}D${1000 + (plan.seed % 9000)}`;
  const sheetDir = `/per/g01/pub/585/touchstone/AssessmentQPHTMLMode1//GATE2565/${session}/`;
  const imageDir = `${sheetDir}images/`;
  const prefixes = new Map(
    plan.sections.map((section) => [
      section.id,
      `585_${100000 + Math.floor(random() * 900000)}_0_${10000000 + Math.floor(random() * 90000000)}_`,
    ]),
  );
  const stemName = (q: TruthQuestion) => `${prefixes.get(q.section.id)}${q.section.imageCode}q${q.imageNumber}.jpg`;
  const optionName = (q: TruthQuestion, letter: string) =>
    `${prefixes.get(q.section.id)}${q.section.imageCode}q${q.imageNumber}${letter.toLowerCase()}.jpg`;

  const candidateId = (prefix: string) => `${prefix}${String(Math.floor(random() * 9_000_000) + 1_000_000)}`;
  const soundPlans: CandidatePlan[] = (plan.choose ? CHOICES[plan.set]! : [[], [], [], [], []]).map((answers, i) => ({
    id: candidateId(plan.idPrefix),
    name: NAMES[i % NAMES.length]!,
    answers,
    accuracy: 0.45 + 0.1 * (i % 5),
    attemptRate: 0.6 + 0.08 * (i % 5),
  }));

  const writeSheet = (candidate: CandidatePlan, file: string, subject = plan.subject) => {
    const candidateRandom = seededRandom(Number(candidate.id.replace(/\D/g, '').slice(-7)));
    const responses = new Map<string, TruthResponse>();
    const sections: SheetSection[] = plan.sections.map((section) => ({
      label: section.label,
      questions: shuffled(
        candidateRandom,
        questions.filter((q) => q.section === section),
      ).map((q, index): PanelQuestion => {
        const answers = !section.optional || candidate.answers.includes(section.id);
        const response = answers ? responseTo(q, candidate, candidateRandom) : null;
        responses.set(q.questionId, response);
        const masters = q.type === 'NAT' ? [] : shuffled(candidateRandom, LETTERS);
        const labelOf = (letter: string) => LETTERS[masters.indexOf(letter as (typeof LETTERS)[number])]!;
        return {
          displayNo: index + 1,
          type: q.type,
          questionId: q.questionId,
          status: statusOf(response, answers, candidateRandom),
          stemName: stemName(q),
          options: masters.map((letter, i) => [LETTERS[i]!, optionName(q, letter)]),
          displayed:
            response === null
              ? null
              : 'typed' in response
                ? response.typed
                : response.letters.map(labelOf).sort().join(','),
        };
      }),
    }));
    const header = {
      candidateId: candidate.id,
      name: candidate.name,
      centre: 'iON Digital Zone iDZ Salt Lake',
      date: `15/02/${plan.year}`,
      time: '9:30 AM - 12:30 PM',
      subject,
    };
    writeFileSync(path.join(folder, file), sheetHtml(plan, `${ORIGIN}${imageDir}`, header, sections));
    return { responses, sections };
  };

  const expectedOf = (
    candidate: CandidatePlan,
    written: ReturnType<typeof writeSheet>,
    chosen: string[],
    decidedBy: 'answers' | 'candidate',
  ) => {
    const { score, perQuestion } = expectedScore(plan, questions, written.responses, chosen);
    const shown = new Map(written.sections.flatMap((section) => section.questions.map((q) => [q.questionId, q])));
    const questionEntries = questions.map((q): [string, ExpectedQuestion] => {
      const response = written.responses.get(q.questionId) ?? null;
      const panel = shown.get(q.questionId)!;
      return [
        q.questionId,
        {
          section: q.section.id,
          number: q.number,
          type: q.type,
          marks: q.marks,
          status: panel.status,
          displayNo: panel.displayNo,
          displayed: panel.displayed,
          // In MASTER terms: the letters, or the typed number as a number ('.5' is 0.5).
          response:
            response === null
              ? null
              : 'typed' in response
                ? String(Number(response.typed))
                : response.letters.join(','),
          key: keyText(q),
          ...perQuestion.get(q.questionId)!,
        },
      ];
    });
    return {
      candidateId: candidate.id,
      name: candidate.name,
      decidedBy,
      ...score,
      questions: Object.fromEntries(questionEntries),
    };
  };

  const sheets = soundPlans.map((candidate) => {
    const file = `sheets/${candidate.id}.html`;
    const written = writeSheet(candidate, file);
    return { candidate, file, expected: expectedOf(candidate, written, candidate.answers, 'answers') };
  });
  const master = sheets.shift()!;
  rmSync(path.join(folder, master.file));
  master.file = 'master.html';
  writeSheet(master.candidate, master.file);

  const refused = (BAD_CASES[plan.set] ?? []).map((bad, i) => {
    mkdirSync(path.join(folder, 'bad'), { recursive: true });
    const candidate: CandidatePlan = {
      id: candidateId(bad.idPrefix ?? plan.idPrefix),
      name: NAMES[(i + 3) % NAMES.length]!,
      answers: bad.answers,
      accuracy: 0.6,
      attemptRate: 0.8,
    };
    const written = writeSheet(candidate, bad.file, bad.subject);
    return {
      file: bad.file,
      candidateId: candidate.id,
      error: {
        code: bad.error.code,
        ...(bad.error.reason ? { reason: bad.error.reason } : {}),
        message: bad.error.message(plan, candidate.id),
      },
      ...(bad.afterChoice
        ? {
            afterChoice: {
              choice: bad.afterChoice,
              expected: expectedOf(candidate, written, bad.afterChoice, 'candidate'),
            },
          }
        : {}),
    };
  });

  const url = (file: string, id: string) => {
    const sheetPath = `${sheetDir}${String(17_700_000_000_000_000 + Math.floor(random() * 1e12))}/${id}_${session}E1.html`;
    return { candidateId: id, file, path: sheetPath, url: `${ORIGIN}${sheetPath}` };
  };
  const json = (file: string, value: unknown) =>
    writeFileSync(path.join(folder, file), `${JSON.stringify(value, null, 2)}\n`);
  const paperName = `GATE ${plan.year} ${plan.code}`;
  json('urls.json', {
    baseUrl: ORIGIN,
    sheetDir,
    imageDir,
    images: 'not generated: the sheets name their images, none is written (see README.md)',
    sheets: sheets.map((sheet) => url(sheet.file, sheet.candidate.id)),
    master: url(master.file, master.candidate.id),
  });
  json('paper.json', {
    paper: plan.code,
    year: plan.year,
    name: paperName,
    subject: plan.subject,
    choose: plan.choose,
    sections: plan.sections,
    questions: questions.map((q) => ({
      section: q.section.id,
      number: q.number,
      imageNumber: q.imageNumber,
      type: q.type,
      marks: q.marks,
      questionId: q.questionId,
      stem: `${ORIGIN}${imageDir}${stemName(q)}`,
      options:
        q.type === 'NAT'
          ? {}
          : Object.fromEntries(LETTERS.map((letter) => [letter, `${ORIGIN}${imageDir}${optionName(q, letter)}`])),
    })),
  });
  json('key.json', {
    paper: plan.code,
    format:
      'keys: Question ID → key in MASTER letters (MCQ B; MSQ A;C; NAT low:high; MTA). byQuestion: the same with section, number and marks.',
    keys: Object.fromEntries(questions.map((q) => [q.questionId, keyText(q)])),
    byQuestion: questions.map((q) => ({
      section: q.section.id,
      keySection: q.section.keySection,
      number: q.number,
      questionId: q.questionId,
      type: q.type,
      marks: q.marks,
      key: keyText(q),
    })),
  });
  // A paper made from an official key is keyed by that document (official-keys/<folder>/key.pdf), not by rows of ours.
  if (!plan.officialKey) writeFileSync(path.join(folder, 'key-official.txt'), officialRows(plan, questions));
  json('expected.json', {
    paper: plan.code,
    year: plan.year,
    rules:
      'Computed from the generator ground truth, never from the HTML: MCQ wrong −1/3 of the marks, MSQ exact set, NAT inside the inclusive range, MTA full marks to all. Only GA, the compulsory sections and the chosen ones count; a question of an unchosen section earns nothing (obtainedThirds null) and is no attempt.',
    candidates: sheets.map((sheet) => ({ file: sheet.file, ...sheet.expected })),
    master: { file: master.file, ...master.expected },
    refused,
  });
}

/** The official key as GATE printed it before 2026: Q. No. | Session | Q. Type | Section | Key/Range | Marks. */
function officialRows(plan: PaperPlan, questions: readonly TruthQuestion[]): string {
  const rows = questions.map((q) => {
    const key =
      q.key.kind === 'ranges' ? q.key.ranges.map(({ low, high }) => `${low} to ${high}`).join(' OR ') : keyText(q);
    return [q.number, 1, q.type, q.section.keySection, key, q.marks].join(' | ');
  });
  return [
    `GATE ${plan.year} ${plan.code} Answer Key`,
    'Q. No. | Session | Q. Type | Section | Key/Range | Marks',
    ...rows,
    '',
  ].join('\n');
}

function statusOf(response: TruthResponse, answers: boolean, random: () => number): string {
  if (response !== null) return random() < 0.2 ? 'Marked For Review' : 'Answered';
  return answers && random() < 0.15 ? 'Not Attempted and Marked For Review' : 'Not Answered';
}

const plans = [...PAPER_PLANS, ...OFFICIAL_KEY_PLANS];
for (const plan of plans) generateSet(plan);
console.log(`wrote ${plans.map((plan) => plan.set).join(', ')} under ${path.relative(process.cwd(), ROOT)}`);
