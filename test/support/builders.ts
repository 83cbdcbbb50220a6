import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureAdmin } from '../../api/features/accounts/account-service';
import { createKeyChanges, type KeyChangeOutcome } from '../../api/papers/key-change-saves';
import { uploadPaper } from '../../api/papers/paper-upload';
import {
  createStore,
  type OfficialReport,
  type Paper,
  type PaperQuestion,
  type Question,
  type ResultInput,
  type Store,
} from '../../api/store';
import {
  importFixtureKey,
  parseResponseSheet,
  testPaperOf,
  type PaperQuestion as EngineQuestion,
  type ParsedSheet,
  type ScorecardQuestion,
  type TestPaper,
} from '../../src/domain/gate';
import type { ScorecardData } from '../../src/lib/scorecard/types';
import type { DisputeAnswer, DisputesAnswer } from '../../src/contract';
import type { Crowd } from '../../api/crowd/crowd';
import type { ReportWatch } from '../../api/features/official-results/report-watch';
import type { FixtureServer } from './fixture-server';
import { FIXTURE_ORIGIN, readFixtureJson, readFixtureText, type FamilySet, type FixtureSet } from './fixtures';
import { eventually } from './eventually';
import type { LaneStore } from './store-lanes';

/**
 * The shared builders every test makes its own state with: a store, an administrator, a stored paper as an
 * administrator leaves it, a stored result, a parsed sheet, a scorecard. Each returns what it made, so a test asserts
 * on its own data, never on another test's.
 */

export interface BuiltStore {
  store: Store;
  dataDir: string;
  /** Closes the store and removes its data folder. */
  close(): Promise<void>;
}

/**
 * A store of the test's own: the embedded files in a fresh folder, or on a MongoDB lane a database no other test uses
 * (named at random, so two tests started in the same millisecond still get two). `storeTimeoutMs` widens the store's
 * deadline for a test of bursts that mongo-java-server on a shared machine may answer slowly.
 */
export async function buildStore(
  lane?: LaneStore,
  { storeTimeoutMs }: { storeTimeoutMs?: number } = {},
): Promise<BuiltStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-store-'));
  const store = await createStore({
    mongodbUri: lane?.env(`test_${randomUUID().slice(0, 8)}`).MONGODB_URI,
    dataDir,
    storeTimeoutMs,
  });
  return {
    store,
    dataDir,
    async close() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `Authorization` header a browser sends for HTTP Basic sign-in with this e-mail and password. */
export function basicAuth(email: string, password: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}

export interface BuiltAdmin {
  email: string;
  password: string;
  /** The headers that call the admin routes as this administrator. */
  headers: { authorization: string };
}

/** An administrator's sign-in, for a server told of it (ADMIN_EMAIL, ADMIN_PASSWORD) or a store given it by buildAdmin. */
export function adminCredentials({
  email = 'admin@hiregate.test',
  password = 'Admin#Pass1',
}: { email?: string; password?: string } = {}): BuiltAdmin {
  return { email, password, headers: basicAuth(email, password) };
}

/** An administrator account in the store, as `npm run admin -- create` or the server's start leaves one. */
export async function buildAdmin(
  store: Store,
  credentials: { email?: string; password?: string } = {},
): Promise<BuiltAdmin> {
  const admin = adminCredentials(credentials);
  await ensureAdmin({ store }, admin.email, admin.password);
  return admin;
}

/** A fixture set's (or a paper family's) master sheet (or one candidate's sheet) as the portal behind `fixtures` serves it, parsed. */
export function buildSheet(
  set: FixtureSet | FamilySet,
  fixtures: Pick<FixtureServer, 'origin'>,
  file = 'master.html',
): ParsedSheet {
  return parseResponseSheet(readFixtureText(set, file).replaceAll(FIXTURE_ORIGIN, fixtures.origin));
}

/** Key changes as the seeding does them: the running server's worker takes the re-scoring job from the store. */
export function keyChangesOf(store: Store) {
  return createKeyChanges(store, { schedule: (paperId) => store.jobs.request(paperId) });
}

/** Applies a key (Question ID → key) to a stored paper as one key version, the way an import does. */
export async function applyKey(
  store: Store,
  paper: Pick<Paper, 'id'>,
  keys: Record<string, string>,
  label = 'final',
): Promise<KeyChangeOutcome> {
  const questions = await store.questions.listByPaperId(paper.id);
  const changes = questions
    .filter((question) => keys[question.long_id] !== undefined)
    .map((question) => ({ questionId: question.id, answerKey: keys[question.long_id]! }));
  return keyChangesOf(store).apply(paper.id, changes, { label, source: 'import' });
}

export interface BuiltPaper {
  paper: Paper;
  questions: Question[];
  testPaper: TestPaper;
  /** The fixture set's whole key, by Question ID. */
  key: Record<string, string>;
}

/**
 * A fixture set's paper as an administrator leaves it: the master sheet uploaded, then its key imported whole
 * (`keyed: true`), not at all (`false`), or only for the first N questions in master order (a number).
 */
export async function buildPaper(
  store: Store,
  set: FixtureSet | FamilySet,
  fixtures: Pick<FixtureServer, 'origin'>,
  { keyed = true, demo = false }: { keyed?: boolean | number; demo?: boolean } = {},
): Promise<BuiltPaper> {
  const uploaded = await uploadPaper(store, buildSheet(set, fixtures), { demo });
  const key = importFixtureKey(readFixtureJson(set, 'key.json'));
  const count = keyed === true ? uploaded.questions.length : keyed === false ? 0 : keyed;
  const partial = Object.fromEntries(
    uploaded.questions.slice(0, count).map((question) => [question.long_id, key[question.long_id]!]),
  );
  if (count > 0) await applyKey(store, uploaded.paper, partial);
  return {
    paper: (await store.papers.findById(uploaded.paper.id))!,
    questions: await store.questions.listByPaperId(uploaded.paper.id),
    testPaper: testPaperOf(uploaded.paper)!,
    key,
  };
}

/**
 * A paper stored from questions a test wrote itself (no fixture), its first key version recorded with every answer
 * `key`. No re-scoring job is asked for, so a test runs (or fakes) re-scoring itself.
 */
export async function buildKeyedPaper(
  store: Store,
  questions: PaperQuestion[],
  { id = 'CS1-2026', key = 'A', label = 'provisional' }: { id?: string; key?: string; label?: string } = {},
): Promise<{ paper: Paper; questions: Question[]; keyed: KeyChangeOutcome }> {
  const record = buildPaperRecord({ id });
  await store.papers.create({
    id,
    year: record.year,
    code: record.code,
    session: record.session,
    demo: record.demo,
    label: record.label,
  });
  const stored = await store.questions.upsertPaper(id, questions);
  const keyed = await createKeyChanges(store, { schedule: () => Promise.resolve() }).apply(
    id,
    stored.map((question) => ({ questionId: question.id, answerKey: key })),
    { label, source: 'import' },
  );
  return { paper: (await store.papers.findById(id))!, questions: stored, keyed };
}

/** Stored MCQ questions Q0, Q1 … of `marks` each, for a test that keys and scores a small paper of its own. */
export function buildMcqQuestions(count: number, marks: 1 | 2 = 1): PaperQuestion[] {
  return Array.from({ length: count }, (_, index) => ({
    long_id: `Q${index}`,
    short_id: index + 1,
    name: 'GATE 2026 CS 1',
    type: 'MCQ',
    marks,
    question: `q${index}.png`,
    options: { A: 'a.png', B: 'b.png', C: 'c.png', D: 'd.png' },
  }));
}

/** A question as the engine builds it from a master sheet: Question ID 1000 + its master number. */
export function buildEngineQuestion(masterNumber: number, type: EngineQuestion['type'], marks: number): EngineQuestion {
  return {
    long_id: String(1000 + masterNumber),
    short_id: String(masterNumber),
    name: 'GATE 2026 CS1',
    type,
    marks,
    question: `stem${masterNumber}`,
    options: type === 'NAT' ? {} : { A: 'a', B: 'b', C: 'c', D: 'd' },
  };
}

/** A scorecard as the web app keeps one: one attempt, one mark, unless a test says otherwise. */
export function buildScorecard(overrides: Partial<ScorecardData> = {}): ScorecardData {
  return {
    response: [],
    totalScore: { Attempts: 1, 'Incorrect Attempts': 0, 'Final Marks': 1, 'Negative Marks': 0, 'Total Marks': 1 },
    testPaper: 'CS 1',
    ...overrides,
  };
}

/** A scorecard's question, answered and right (A of A, one mark of one), unless a test says otherwise. */
export function buildScorecardQuestion(overrides: Partial<ScorecardQuestion> = {}): ScorecardQuestion {
  return {
    long_id: '6401',
    short_id: '12',
    type: 'MCQ',
    marks: 1,
    status: 'Answered',
    response_given: 'A',
    answerKey: 'A',
    obtained_marks: 1,
    question: 'https://cdn.example/q12.png',
    options: { A: 'https://cdn.example/q12a.png', B: 'https://cdn.example/q12b.png' },
    ...overrides,
  };
}

/** A result's marks as stored before any key was known: re-scoring scores it as it would any result under an older key. */
export const UNSCORED = {
  totalMarks: 0,
  finalMarks: 0,
  negativeMarks: 0,
  attempts: 0,
  incorrectAttempts: 0,
  normMarks: 0,
  keyVersion: 0,
} as const;

/** A stored result's fields with defaults: its key follows its paper and candidate id unless a test sets it. */
export function buildResult(overrides: Partial<ResultInput> = {}): ResultInput {
  const candidateId = overrides.candidateId ?? 'CS26S41001';
  const paperId = overrides.paperId ?? 'CS1-2026';
  return {
    resultKey: `${paperId} ${candidateId}`,
    candidateId,
    name: 'Asha Rao',
    email: 'asha@example.com',
    set: 'CS 1',
    paperId,
    isVerified: true,
    link: 'https://cdn.digialm.com/sheet/1.html',
    responses: { '8078201720501': 'A', '8078201720502': 'B;C', '8078201720503': '12.5' },
    session: 'forenoon',
    totalMarks: 41.67,
    finalMarks: 44,
    negativeMarks: 2.33,
    attempts: 40,
    incorrectAttempts: 7,
    normMarks: 42.1,
    keyVersion: 3,
    scoredAt: new Date('2026-03-20T10:00:00Z'),
    ...overrides,
  };
}

/** An official result as the store returns one: a typed CS 1 2026 report and the prediction its scorecard showed. */
export function buildOfficialReport(overrides: Partial<OfficialReport> = {}): OfficialReport {
  return {
    resultId: 'r1',
    paperId: 'CS1-2026',
    set: 'CS 1',
    year: 2026,
    rank: 1500,
    score: 640,
    source: 'typed',
    predicted: { rank: 1400, rankRange: [900, 2600], normMarks: 62.33, score: 655 },
    reportedAt: new Date('2026-03-20T10:00:00Z'),
    ...overrides,
  };
}

/** A paper record as the store returns one, for code that only reads papers. */
export function buildPaperRecord(overrides: Partial<Paper> = {}): Paper {
  const now = new Date('2026-03-01T08:00:00Z');
  return {
    id: 'CS1-2026',
    year: 2026,
    code: 'CS',
    session: 1,
    demo: false,
    label: 'GATE 2026 CS 1',
    keyVersion: 1,
    keyVersionsIssued: 1,
    retired: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** Resolves once every re-scoring job the store holds is done (a running server's worker takes them). */
export async function rescoringDone(store: Store, timeoutMs = 15_000): Promise<void> {
  await eventually(async () => (await store.jobs.list()).every((job) => job.state === 'done'), {
    timeoutMs,
    what: 'every re-scoring job to be done',
  });
}

/** A report watch that only makes the fit follow, with no alerts (report-watch.test.ts covers those). */
export const unwatched = (crowd: Pick<Crowd, 'forgetReports'>): ReportWatch => ({
  async around(paper, _network, change) {
    const changed = await change();
    crowd.forgetReports(paper.year);
    return changed;
  },
});

/** One disputed question as the API answers it: Q15 keyed A, where 18 of the 20 strong candidates chose D. */
export function buildDispute(overrides: Partial<DisputeAnswer> = {}): DisputeAnswer {
  return {
    number: '15',
    questionId: '80782017219',
    type: 'MCQ',
    key: 'A',
    answer: 'D',
    share: 0.9,
    counts: {
      strong: 20,
      answered: 20,
      choseKey: 1,
      choseAnswer: 18,
      restAnswered: 28,
      restChoseKey: 12,
      restChoseAnswer: 6,
    },
    pValue: 0.0001,
    restPValue: 0.001,
    ...overrides,
  };
}

/** The same on a scorecard, beside the candidate's own answer (B) and their total were the key moved (42). */
export const buildOwnDispute = (overrides: Partial<DisputeAnswer> = {}): DisputeAnswer =>
  buildDispute({ yours: { answer: 'B', total: 42 }, ...overrides });

/** A paper's disputes as GET /api/data/disputes answers them: listed under the provisional key, one dispute. */
export function buildPaperDisputes(overrides: Partial<DisputesAnswer> = {}): DisputesAnswer {
  return {
    paperId: 'CS1-2026',
    state: 'listed',
    keyVersion: { paperId: 'CS1-2026', version: 1, label: 'provisional', at: '2026-02-19T10:00:00.000Z' },
    trustedResults: 51,
    ignoredResults: 0,
    minTrustedResults: 21,
    questionsTested: 64,
    foundAt: '2026-02-20T10:00:00.000Z',
    challengeWindow: { closes: '2026-02-28', source: 'zeenews-2026-challenge' },
    disputes: [buildDispute()],
    ...overrides,
  };
}

/** A scorecard's disputes: the paper's, with the candidate's side (their result, counted, their total now). */
export function buildScorecardDisputes(overrides: Partial<DisputesAnswer> = {}): DisputesAnswer {
  return buildPaperDisputes({
    resultId: 'r1',
    total: 40.67,
    counted: true,
    disputes: [buildOwnDispute()],
    ...overrides,
  });
}
