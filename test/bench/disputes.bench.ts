/**
 * `npm run bench:disputes`: how well the disputed-answer rule (src/domain/gate/disputes/) finds wrong provisional keys.
 * Each paper is a generated CS 1 paper (test/fixture-generator/truth.ts: 65 questions of the usual MCQ, MSQ and NAT
 * mix, one marks-to-all), its key provisional with 0, 1 or 3 questions keyed wrong (MCQ another letter, MSQ one letter
 * added or dropped, NAT the range moved by 1.5). Its crowd of 30, 200 or 2,000 candidates answers by the generator's
 * rules (a wrong MCQ answer is another letter, a wrong NAT answer the same trap value), each candidate right on a
 * question with probability logistic(ability − difficulty), attempting with 0.5 + 0.4 · logistic(ability); abilities
 * are normal with sd 1 around −1 (a crowd leaning low) or +1 (high), difficulties normal around 0. Every result is
 * trusted (fetched from the portal).
 * Per cell: the share of wrong keys found (a dispute on the question naming the right answer), false alarms per paper
 * (any other dispute), the median time of the rule (scoring every result included). SEEDS=n for n papers a cell
 * (default: 30 at 30 and 200 candidates, 8 at 2,000, to stay near two minutes on a busy 2-core machine);
 * WRONG_KEYS=0 for the papers whose keys are all right only (the false-alarm rate, measured with SEEDS=60).
 */
import { responseMatchesKey, parseKey, type PaperQuestion, type ScoringPaper } from '../../src/domain/gate';
import { findDisputes, type DisputeResult } from '../../src/domain/gate/disputes';
import { median } from '../../src/domain/gate/rank/statistics/statistics';
import { keyText } from '../fixture-generator/expected-score';
import type { PaperPlan } from '../fixture-generator/papers';
import {
  LETTERS,
  pick,
  responseTo,
  round2,
  seededRandom,
  shuffled,
  truthQuestions,
  type CandidatePlan,
  type TruthQuestion,
} from '../fixture-generator/truth';

const CS = 'Computer Science and Information Technology';
const plan: PaperPlan = {
  set: 'cs1-disputes',
  code: 'CS',
  year: 2026,
  subject: `${CS} (CS1)`,
  idPrefix: 'CS26S1',
  sections: [
    { id: 'GA', label: 'General Aptitude', imageCode: 'ga1', keySection: 'GA', questions: 10, oneMark: 5, first: 1 },
    { id: 'S', label: CS, imageCode: 'cs1', keySection: 'CS-1', questions: 55, oneMark: 25, first: 11 },
  ],
  choose: 0,
  seed: 2601,
  questionIdBase: 64_512_800_101,
};

const WRONG_KEYS = (process.env.WRONG_KEYS ?? '0,1,3').split(',').map(Number);
const CROWDS = [30, 200, 2000];
const LEANS = [
  { name: 'low', centre: -1 },
  { name: 'high', centre: 1 },
];
const seedsFor = (crowd: number) => Number(process.env.SEEDS ?? (crowd >= 2000 ? 8 : 30));
const NAT_KEY_SHIFT = 1.5;

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A plausible slip of the provisional key: another letter, one letter too many or too few, a moved range. */
function wrongKeyOf(question: TruthQuestion, random: () => number): string {
  const { key } = question;
  if (key.kind === 'ranges') {
    return key.ranges
      .map(({ low, high }) => `${round2(low + NAT_KEY_SHIFT)}:${round2(high + NAT_KEY_SHIFT)}`)
      .join(' OR ');
  }
  if (key.kind !== 'letters') throw new RangeError('A marks-to-all question has no wrong key.');
  const right = key.sets[0]!;
  if (question.type === 'MCQ')
    return pick(
      random,
      LETTERS.filter((letter) => letter !== right[0]),
    );
  const flipped = pick(random, LETTERS);
  const wrong = right.includes(flipped) ? right.filter((letter) => letter !== flipped) : [...right, flipped];
  return (wrong.length ? wrong.sort() : LETTERS.filter((letter) => !right.includes(letter))).join(';');
}

function masterResponse(response: ReturnType<typeof responseTo>): string | null {
  if (response === null) return null;
  return 'typed' in response ? String(Number(response.typed)) : [...response.letters].sort().join(',');
}

/** Whether a dispute's answer is the true key: the same letters, or a NAT span inside the true range. */
function namesTruth(question: TruthQuestion, answer: string): boolean {
  if (question.type !== 'NAT') return answer === keyText(question);
  const truth = parseKey(keyText(question), 'NAT');
  return answer.split(':').every((end) => responseMatchesKey('NAT', end, truth));
}

interface PaperOutcome {
  found: number;
  falseAlarms: number;
  questionsTested: number;
  ms: number;
}

function runPaper(seed: number, wrongCount: number, crowd: number, leanCentre: number): PaperOutcome {
  const random = seededRandom(seed);
  const questions = truthQuestions(plan, random);
  const paper: ScoringPaper = {
    testPaper: 'CS 1',
    questions: questions.map((question): PaperQuestion => ({
      long_id: question.questionId,
      short_id: String(question.number),
      name: 'GATE 2026 CS 1',
      type: question.type,
      marks: question.marks,
      question: `q${question.number}.png`,
      options: question.type === 'NAT' ? {} : { A: 'a.png', B: 'b.png', C: 'c.png', D: 'd.png' },
    })),
  };
  const keyed = questions.filter((question) => question.key.kind !== 'MTA');
  const wrong = new Set(shuffled(random, keyed).slice(0, wrongCount));
  const keys = Object.fromEntries(
    questions.map((question) => [
      question.questionId,
      wrong.has(question) ? wrongKeyOf(question, random) : keyText(question),
    ]),
  );
  const difficulty = new Map(questions.map((question) => [question, normal(random)]));
  const results: DisputeResult[] = Array.from({ length: crowd }, (_, index) => {
    const ability = leanCentre + normal(random);
    const candidate: CandidatePlan = {
      id: `CS26S1${index}`,
      name: `Candidate ${index}`,
      answers: [],
      accuracy: 0,
      attemptRate: 0.5 + 0.4 * logistic(ability),
    };
    const responses: Record<string, string> = {};
    for (const question of questions) {
      const accuracy = logistic(ability - difficulty.get(question)!);
      const response = masterResponse(responseTo(question, { ...candidate, accuracy }, random));
      if (response !== null) responses[question.questionId] = response;
    }
    return { id: candidate.id, responses, provenance: 'portal' };
  });
  const started = performance.now();
  const report = findDisputes(paper, keys, results);
  const ms = performance.now() - started;
  const byId = new Map(questions.map((question) => [question.questionId, question]));
  const found = report.disputes.filter((dispute) => {
    const question = byId.get(dispute.questionId)!;
    return wrong.has(question) && namesTruth(question, dispute.answer);
  }).length;
  return { found, falseAlarms: report.disputes.length - found, questionsTested: report.questionsTested, ms };
}

const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
const rows: string[][] = [];
let seedBase = 1;
const allRight = { papers: 0, falseAlarms: 0, questionsTested: 0 };
const started = performance.now();
for (const lean of LEANS) {
  for (const crowd of CROWDS) {
    for (const wrongCount of WRONG_KEYS) {
      const outcomes = Array.from({ length: seedsFor(crowd) }, (_, i) =>
        runPaper(seedBase + i, wrongCount, crowd, lean.centre),
      );
      seedBase += 1000;
      const sum = (of: (outcome: PaperOutcome) => number) => outcomes.reduce((total, o) => total + of(o), 0);
      if (wrongCount === 0) {
        allRight.papers += outcomes.length;
        allRight.falseAlarms += sum((o) => o.falseAlarms);
        allRight.questionsTested += sum((o) => o.questionsTested);
      }
      rows.push([
        lean.name,
        crowd.toLocaleString('en-US'),
        String(wrongCount),
        String(outcomes.length),
        wrongCount ? percent(sum((o) => o.found) / (wrongCount * outcomes.length)) : '—',
        (sum((o) => o.falseAlarms) / outcomes.length).toFixed(3),
        (sum((o) => o.questionsTested) / outcomes.length).toFixed(0),
        `${median(outcomes.map((o) => o.ms)).toFixed(1)} ms`,
      ]);
    }
  }
}
const header = [
  'lean',
  'crowd',
  'wrong keys',
  'papers',
  'found',
  'false alarms/paper',
  'tested/paper',
  'rule (median)',
];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(line(header));
console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
for (const row of rows) console.log(line(row));
console.log(
  `\nAll keys right: ${allRight.falseAlarms} false alarms in ${allRight.papers} papers ` +
    `(${allRight.questionsTested.toLocaleString('en-US')} questions tested). ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s in all.`,
);
