import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { startFixtureServer, type FixtureServer } from '../../../test/support/fixture-server';
import { readFixtureJson, readFixtureText, type FixtureUrls } from '../../../test/support/fixtures';
import { createStore } from '../../store';
import { seedFixtureResults, type SeededResult } from '../../../test/support/seed-results';
import { adminCredentials, basicAuth } from '../../../test/support/builders';
import { eventually } from '../../../test/support/eventually';
import { demoSamples } from '../../demo';
import { KEY_ENTRIES_MAX, KEY_ROWS_MAX_CHARS } from '../../../src/contract/admin-requests';
import type {
  AdminStatsAnswer,
  ImportKeyAnswer,
  AllPapersAnswer,
  ProcessedPaperAnswer,
  QuestionAnswer,
  ResultAnswer,
  UpdatedAnswerAnswer,
} from '../../../src/contract';
import { itemAt } from '../../../src/domain/lists';

const ADMIN = adminCredentials();
const USER = { email: 'candidate@hiregate.test', password: 'User#Pass12' };

interface Refusal {
  message?: string;
  code?: string;
  errors?: Record<string, string>;
  success?: boolean;
}
/** The admin calls' answers, as the contract publishes them. */
interface Answers {
  process: ProcessedPaperAnswer;
  updateAnswer: UpdatedAnswerAnswer;
  importKey: ImportKeyAnswer;
  papers: AllPapersAnswer;
  results: ResultAnswer[];
  stats: AdminStatsAnswer;
}
/** A call's answer by its route; a refusal's fields may come with any of them. */
type AnswerOf<Route extends string> = Refusal &
  (Route extends `/api/data/process${string}`
    ? Answers['process']
    : Route extends `/api/data/update-answer${string}`
      ? Answers['updateAnswer']
      : Route extends `/api/data/import-key${string}`
        ? Answers['importKey']
        : Route extends `/api/data/all-question-paper${string}`
          ? Answers['papers']
          : Route extends `/api/data/get-all-results${string}`
            ? Answers['results']
            : Route extends `/api/data/admin-stats${string}`
              ? Answers['stats']
              : unknown);

/** What a test has just made sure is there; a missing one fails the test here, naming it. */
function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

describe('admin API on the real server', () => {
  let fixtures: FixtureServer;
  let server: TestServer;
  let dataDir: string;
  let seeded: SeededResult[];
  const key = readFixtureJson<{ keys: Record<string, string> }>('cs1-2026', 'key.json').keys;

  const call = async <Route extends string>(
    method: string,
    route: Route,
    options: { auth?: string; body?: unknown } = {},
  ) => {
    const response = await fetch(server.url + route, {
      method,
      headers: {
        ...(options.auth ? { Authorization: options.auth } : {}),
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as AnswerOf<Route> };
  };
  const serverEnv = () => ({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RESPONSE_SHEET_HOSTS: fixtures.host,
  });
  const asAdmin = <Route extends string>(method: string, route: Route, body?: unknown) =>
    call(method, route, { auth: ADMIN.headers.authorization, body });

  const processMaster = async () => {
    const master = readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json').master.url;
    return asAdmin('POST', '/api/data/process', { link: fixtures.url(master) });
  };
  const waitForRescoring = async (paperId: string) => {
    const job = await eventually(
      async () => {
        const { body } = await asAdmin('GET', '/api/data/admin-stats');
        const status = body.rescoring.find((found) => found.paperId === paperId);
        return (status?.state === 'done' || status?.state === 'failed') && status;
      },
      { what: `re-scoring of ${paperId} to end` },
    );
    if (job.state === 'failed') throw new Error(job.error);
    return job;
  };
  const resultsByCandidate = async () => {
    const { body, status } = await asAdmin('GET', '/api/data/get-all-results');
    if (status !== 200) throw new Error(JSON.stringify(body));
    return new Map(body.map((result) => [result.candidateId, result]));
  };

  const importKeyAndRescore = async () => {
    const imported = await asAdmin('POST', '/api/data/import-key', { paperId: 'CS1-2026', keys: key });
    expect(imported.status).toBe(200);
    return waitForRescoring('CS1-2026');
  };

  beforeAll(async () => {
    fixtures = await startFixtureServer();
  });
  afterAll(() => fixtures?.close());

  // Every test starts from the same state of its own (stored results, a user, the processed paper, no keys), so any
  // one runs alone and in any order.
  let paper: QuestionAnswer[];
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-admin-'));
    seeded = await seedFixtureResults(dataDir, 'cs1-2026', 'CS 1', (route) => fixtures.url(route));
    server = await startTestServer(serverEnv());
    const signup = await fetch(server.url + '/api/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-client-code': 'hiregate-web' },
      body: JSON.stringify({ email: USER.email, firstName: 'Candidate', password: USER.password }),
    });
    expect(signup.status).toBeLessThan(300);
    paper = (await processMaster()).body.data.data;
  });
  afterEach(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const adminCalls: Array<[string, string, unknown?]> = [
    ['POST', '/api/data/process', { link: 'http://127.0.0.1/none' }],
    ['PUT', '/api/data/update-answer', { _id: 'x', answerKey: 'A' }],
    ['GET', '/api/data/all-question-paper'],
    ['GET', '/api/data/get-all-results'],
    ['POST', '/api/data/import-key', { paperId: 'CS1-2026', keys: {} }],
    ['GET', '/api/data/admin-stats'],
  ];

  it.each(adminCalls)(
    '%s %s refuses a caller without credentials (401) and a non-admin (403)',
    async (method, route, body) => {
      const anonymous = await call(method, route, { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({
        success: false,
        message: 'Sign in with an administrator e-mail and password.',
        code: 'UNAUTHORIZED',
      });
      const user = await call(method, route, { auth: basicAuth(USER.email, USER.password).authorization, body });
      expect(user.status).toBe(403);
      expect(user.body.message).toBe('This account is not an administrator.');
    },
  );

  it('processes the master sheet into paper CS 1 2026 in master order, in the spec shape', async () => {
    const { status, body } = await processMaster();
    expect(status).toBe(200);
    const paper = body.data.data;
    expect(body.data.paperId).toBe('CS1-2026');
    expect(paper).toHaveLength(65);
    expect(paper.map((q) => Number(q.short_id))).toEqual(Array.from({ length: 65 }, (_, i) => i + 1));
    expect(paper[0]).toMatchObject({ long_id: '80782017205', name: 'GATE 2026 CS 1', type: 'MCQ', marks: 1 });
    expect(Object.keys(itemAt(paper, 0).options)).toEqual(['A', 'B', 'C', 'D']);
    expect(itemAt(paper, 0).question).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*ga1q1q\.png$/);
    expect(paper.some((q) => 'answerKey' in q)).toBe(false);
  });

  it('refuses a missing link and a page that is not a response sheet, with a message', async () => {
    const missing = await asAdmin('POST', '/api/data/process', {});
    expect(missing).toEqual({
      status: 400,
      body: {
        message: 'Question Paper Link is required.',
        code: 'VALIDATION_FAILED',
        errors: { link: 'Question Paper Link is required.' },
      },
    });
    const notASheet = await asAdmin('POST', '/api/data/process', { html: '<html><body>hello</body></html>' });
    expect(notASheet.status).toBe(422);
    expect(notASheet.body.message).toMatch(/response sheet/i);
  });

  it('validates update-answer with the admin-entry rules of the question type', async () => {
    const byType = (type: string) => paper.find((q) => q.type === type)!;
    const cases: Array<[QuestionAnswer, string, string]> = [
      [byType('MSQ'), 'A;', 'Input cannot end with a semicolon'],
      [byType('MSQ'), ';', 'Input cannot be just a semicolon'],
      [byType('MSQ'), 'AB', 'Each option must be a single letter, separated by semicolons (e.g., A;B;C;D)'],
      [byType('NAT'), '-', 'Input cannot be just a decimal point, minus sign, or colon'],
      [byType('NAT'), '2.', 'Input cannot end with a decimal point or colon'],
      [byType('NAT'), '1/2', 'Each part must be a valid number'],
      [byType('MCQ'), 'E', `Question ${byType('MCQ').long_id} has no option E.`],
    ];
    for (const [question, answerKey, message] of cases) {
      const answer = await asAdmin('PUT', '/api/data/update-answer', { _id: question._id, answerKey });
      expect([answerKey, answer.status, answer.body.message]).toEqual([answerKey, 400, message]);
    }
    const unknown = await asAdmin('PUT', '/api/data/update-answer', { _id: 'no-such-id', answerKey: 'A' });
    expect(unknown.status).toBe(404);
  });

  it("reads the outbox's Idempotency-Key header as opId, and refuses a clientTime that is no time", async () => {
    const question = paper.find((q) => q.type === 'NAT')!;
    const save = async (headers: Record<string, string>, body: unknown) => {
      const response = await fetch(`${server.url}/api/data/update-answer`, {
        method: 'PUT',
        headers: { ...ADMIN.headers, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { message?: string; data?: unknown } };
    };
    const saved = { _id: question._id, answerKey: '3.5' };
    expect((await save({ 'Idempotency-Key': 'op-header' }, saved)).body.data).toMatchObject({
      data: { outcome: 'applied' },
    });
    expect((await save({ 'Idempotency-Key': 'op-header' }, saved)).body.data).toMatchObject({
      data: { outcome: 'duplicate' },
    });
    expect(await save({ 'Idempotency-Key': 'x'.repeat(101) }, saved)).toMatchObject({
      status: 400,
      body: { message: 'opId must be at most 100 characters.' },
    });
    for (const clientTime of ['yesterday', { at: 1 }]) {
      expect(await save({}, { ...saved, clientTime })).toMatchObject({
        status: 400,
        body: { message: 'clientTime must be an ISO date or a time in milliseconds.', code: 'VALIDATION_FAILED' },
      });
    }
  });

  it('keeps the newest key when saves are replayed twice and arrive out of order', async () => {
    const question = paper.find((q) => q.type === 'NAT')!;
    const older = { _id: question._id, answerKey: '1.5', opId: 'op-older', clientTime: '2026-03-02T10:00:00.000Z' };
    const newer = { _id: question._id, answerKey: '2.5:2.7', opId: 'op-newer', clientTime: '2026-03-02T10:00:05.000Z' };
    const first = await asAdmin('PUT', '/api/data/update-answer', newer);
    expect(first).toEqual({
      status: 200,
      body: { data: { data: { long_id: question.long_id, answerKey: '2.5:2.7', outcome: 'applied' } } },
    });
    const replay = await asAdmin('PUT', '/api/data/update-answer', newer);
    expect(replay.body.data.data.outcome).toBe('duplicate');
    const late = await asAdmin('PUT', '/api/data/update-answer', older);
    expect(late.body.data.data).toMatchObject({ outcome: 'stale', answerKey: '2.5:2.7' });
    await asAdmin('PUT', '/api/data/update-answer', older);
    const papers = await asAdmin('GET', '/api/data/all-question-paper');
    const stored = found(
      papers.body['CS1-2026']?.find((q) => q._id === question._id),
      question._id,
    );
    expect(stored.answerKey).toBe('2.5:2.7');
  });

  it('imports the fixture key in one go and re-scores every stored result from its response vector', async () => {
    const before = await resultsByCandidate();
    expect([...before.values()].every((result) => result.totalMarks === 0)).toBe(true);
    const imported = await asAdmin('POST', '/api/data/import-key', { paperId: 'CS1-2026', keys: key });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ paperId: 'CS1-2026', applied: 65, unchanged: 0, unknown: [] });
    const job = await waitForRescoring('CS1-2026');
    expect(job).toMatchObject({ state: 'done', rescored: seeded.length, total: seeded.length });
    const after = await resultsByCandidate();
    for (const candidate of seeded) {
      const result = found(after.get(candidate.candidateId), candidate.candidateId);
      expect([
        candidate.candidateId,
        result.totalMarks,
        result.finalMarks,
        result.negativeMarks,
        result.attempts,
      ]).toEqual([
        candidate.candidateId,
        candidate.expected.totalMarks,
        candidate.expected.positiveMarks,
        candidate.expected.negativeMarks,
        candidate.expected.attempts,
      ]);
    }
  });

  it('re-scores again when one key changes, and keeps keys when the paper is processed again', async () => {
    await importKeyAndRescore();
    const question = paper.find((q) => q.type === 'MCQ' && q.marks === 2)!;
    const expected = readFixtureJson<{
      candidates: Array<{ candidateId: string; questions: Record<string, { response: string | null }> }>;
    }>('cs1-2026', 'expected.json');
    const wrongKey = ['A', 'B', 'C', 'D'].find((letter) => letter !== key[question.long_id])!;
    const saved = await asAdmin('PUT', '/api/data/update-answer', { _id: question._id, answerKey: wrongKey });
    expect(saved.body.data.data.outcome).toBe('applied');
    await waitForRescoring('CS1-2026');
    const after = await resultsByCandidate();
    for (const candidate of expected.candidates) {
      const response = found(candidate.questions[question.long_id], question.long_id).response;
      const seed = seeded.find((s) => s.candidateId === candidate.candidateId)!;
      // Right before: +2; now wrong: −2/3. Wrong before (and now right): −2/3 → +2. Unanswered: unchanged.
      const change =
        response === null ? 0 : response === key[question.long_id] ? -2 - 2 / 3 : response === wrongKey ? 2 + 2 / 3 : 0;
      expect(found(after.get(candidate.candidateId), candidate.candidateId).totalMarks).toBeCloseTo(
        seed.expected.totalMarks + change,
        1,
      );
    }
    const again = await processMaster();
    const stored = found(
      again.body.data.data.find((q) => q._id === question._id),
      question._id,
    );
    expect(stored.answerKey).toBe(wrongKey);
    expect(again.body.data.data.filter((q) => q.answerKey).length).toBe(65);
  });

  it('imports official key rows only as a whole document, refusing one that lacks rows and naming each', async () => {
    const rows = '1 MCQ GA B\n22 MSQ CS A;B\n8 NAT GA -3.04 to -2.84\n22 MSQ CS C;D\n9 MCQ GA';
    const refused = await asAdmin('POST', '/api/data/import-key', { paperId: 'CS1-2026', rows });
    expect(refused.status).toBe(400);
    // Every unread row verbatim with its reason, then the questions left without a key; nothing is applied.
    expect(refused.body.message).toMatch(
      /^The key does not match this paper row for row, so nothing was applied: The key row '22 MSQ CS C;D' repeats Q22; the first row for it counts\. The key row '9 MCQ GA' has no key\. No key for Q2, /,
    );
    const before = await asAdmin('GET', '/api/data/all-question-paper');
    const wholeRows = found(before.body['CS1-2026'], 'CS1-2026')
      .map((q) => {
        const answer = q.short_id === '1' ? 'B' : (key[q.long_id] ?? 'MTA');
        const printed = q.type === 'NAT' ? answer.replace(/^(\S+):(\S+)$/, '$1 to $2') : answer;
        return `${q.short_id} ${q.type} ${Number(q.short_id) <= 10 ? 'GA' : 'CS'} ${printed}`;
      })
      .join('\n');
    // A document that says what it is names its version so when the admin gives no name.
    const titled = `GATE 2026 Computer Science — Final Answer Key\n${wholeRows}`;
    const imported = await asAdmin('POST', '/api/data/import-key', { paperId: 'CS1-2026', rows: titled });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.warnings).toEqual([]);
    expect(imported.body.keyVersion).toMatchObject({ label: 'final' });
    const after = await asAdmin('GET', '/api/data/all-question-paper');
    const afterByMaster = new Map(found(after.body['CS1-2026'], 'CS1-2026').map((q) => [q.short_id, q.answerKey]));
    expect(afterByMaster.get('1')).toBe('B');
    const bad = await asAdmin('POST', '/api/data/import-key', { paperId: 'CS1-2026', keys: { '80782017205': 'Z' } });
    expect(bad.status).toBe(400);
    const unknownSet = await asAdmin('POST', '/api/data/import-key', { paperId: 'XX 1999', keys: key });
    expect(unknownSet.status).toBe(404);
  });

  it('refuses an import past its limits, naming the field and the limit, and applies nothing', async () => {
    const versions = async () =>
      (await asAdmin('GET', `/api/data/key-versions?paperId=CS1-2026`)).body as unknown as { versions: unknown[] };
    const before = (await versions()).versions.length;
    const longRows = `1 MCQ GA B\n${'%'.repeat(KEY_ROWS_MAX_CHARS)}`;
    const tooManyKeys = Object.fromEntries(
      Array.from({ length: KEY_ENTRIES_MAX + 1 }, (_, i) => [String(90_000_000_000 + i), 'A']),
    );
    const refusals = await Promise.all([
      asAdmin('POST', '/api/data/import-key', { paperId: 'CS1-2026', rows: longRows }),
      asAdmin('POST', '/api/data/import-key', { paperId: 'CS1-2026', keys: tooManyKeys }),
      asAdmin('POST', '/api/data/import-key', { paperId: 'CS1-2026', keys: key, marks: tooManyKeys }),
    ]);
    expect(refusals.map(({ status, body }) => [status, body.code, Object.keys(body.errors ?? {})])).toEqual([
      [400, 'VALIDATION_FAILED', ['rows']],
      [400, 'VALIDATION_FAILED', ['keys']],
      [400, 'VALIDATION_FAILED', ['marks']],
    ]);
    expect(itemAt(refusals, 0).body.message).toContain('Send at most 100,000 characters of key rows (rows)');
    expect(itemAt(refusals, 1).body.message).toContain('Send at most 1,000 keys (keys)');
    expect((await versions()).versions.length).toBe(before);
  });

  it('lists results newest first with the spec fields, and pages them on request', async () => {
    const { body } = await asAdmin('GET', '/api/data/get-all-results');
    const newestFirst = [...seeded].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    expect(body.map((r) => r.candidateId)).toEqual(newestFirst.map((s) => s.candidateId));
    expect(Object.keys(itemAt(body, 0)).sort()).toEqual(
      [
        '_id',
        'attempts',
        'candidateId',
        'createdAt',
        'email',
        'finalMarks',
        'isVerified',
        'link',
        'name',
        'negativeMarks',
        'paper',
        'paperId',
        'provenance',
        'set',
        'totalMarks',
      ].sort(),
    );
    expect(body[0]).toMatchObject({
      set: 'CS 1',
      paperId: 'CS1-2026',
      paper: 'GATE 2026 CS 1',
      email: itemAt(newestFirst, 0).email,
      createdAt: itemAt(newestFirst, 0).createdAt.toISOString(),
    });
    const page = await asAdmin('GET', '/api/data/get-all-results?limit=3&skip=2');
    expect(page.body.map((r) => r.candidateId)).toEqual(newestFirst.slice(2, 5).map((s) => s.candidateId));
    expect((await asAdmin('GET', '/api/data/get-all-results?limit=-1')).status).toBe(400);
  });

  it('marks a result scored from an uploaded page as uploaded, and no fetched one', async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-admin-'));
    const copied = 1;
    seeded = await seedFixtureResults(dataDir, 'cs1-2026', 'CS 1', (route) => fixtures.url(route), undefined, {
      uploadedCopyOf: copied,
    });
    server = await startTestServer(serverEnv());
    const { body } = await asAdmin('GET', '/api/data/get-all-results');
    const candidate = itemAt(seeded, copied).candidateId;
    expect(body.filter((result) => result.candidateId === candidate).map((result) => result.uploaded)).toEqual([
      true,
      undefined,
    ]);
    expect(body.filter((result) => result.uploaded)).toHaveLength(1);
    expect(body.filter((result) => result.candidateId === candidate).map((result) => result.provenance)).toEqual([
      'uploaded',
      'portal',
    ]);
  });

  it('counts papers and results for the dashboard', async () => {
    const { body } = await asAdmin('GET', '/api/data/admin-stats');
    expect(body).toMatchObject({ paperCount: 1, results: seeded.length });
  });

  it('accepts an uploaded copy of the page instead of a link', async () => {
    const response = await fetch(server.url + '/api/data/process', {
      method: 'POST',
      headers: { ...ADMIN.headers, 'Content-Type': 'text/html; charset=utf-8' },
      body: readFixtureText('cs1-2026', 'master.html'),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Answers['process'];
    expect(body.data.paperId).toBe('CS1-2026');
    expect(body.data).toMatchObject({
      outcome: 'existing',
      message: 'This is GATE 2026 CS 1, already here with 0 of 65 keys.',
    });
    expect(body.data.data.map((q) => q._id)).toEqual(paper.map((q) => q._id));
  });

  it('finishes re-scoring after a restart: results left on an older key version are re-scored at start', async () => {
    await importKeyAndRescore();
    const before = await resultsByCandidate();
    await server.close();
    const store = await createStore({ mongodbUri: undefined, dataDir });
    const interrupted = (await store.results.list()).slice(0, 5);
    for (const result of interrupted) {
      await store.results.updateScores(result.id, { totalMarks: 0, finalMarks: 0, negativeMarks: 0, keyVersion: 0 });
    }
    await store.close();
    server = await startTestServer(serverEnv());
    const job = await waitForRescoring('CS1-2026');
    expect(job.rescored).toBe(interrupted.length);
    const after = await resultsByCandidate();
    for (const { candidateId } of interrupted) {
      expect([candidateId, found(after.get(candidateId), candidateId).totalMarks]).toEqual([
        candidateId,
        found(before.get(candidateId), candidateId).totalMarks,
      ]);
    }
  });

  // Five wrong passwords is the allowance, the sixth call is throttled.
  it('refuses a wrong admin password (401) on each call, then throttles the e-mail (429)', async () => {
    const wrong = basicAuth(ADMIN.email, 'Wrong#Pass1').authorization;
    for (const [method, route, body] of adminCalls.slice(0, 5)) {
      const answer = await call(method, route, { auth: wrong, body });
      expect([route, answer.status, answer.body.message]).toEqual([route, 401, 'Invalid email or password.']);
    }
    const throttled = await call('GET', '/api/data/admin-stats', { auth: wrong });
    expect(throttled.status).toBe(429);
  });
});

describe('admin API with the demo on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DEMO: 'true', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => server?.close());

  it('recognises its own sample sheet as the demo paper it already has, keys and all', async () => {
    const sample = demoSamples.find((candidate) => candidate.testPaper === 'DA')!;
    const response = await fetch(`${server.url}/api/data/process`, {
      method: 'POST',
      headers: { ...ADMIN.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ link: server.url + sample.path }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as Answers['process'];
    expect(data).toMatchObject({
      paperId: 'DA-2026-demo',
      outcome: 'existing',
      message: 'This is GATE 2026 DA (demo), already here with 65 keys.',
    });
    expect(data.data.every((question) => question.answerKey !== undefined)).toBe(true);
  });
});
