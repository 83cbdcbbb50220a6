import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetScorecard } from '../../src/domain/gate';
import { applyKey, buildAdmin, buildPaper, type BuiltAdmin, type BuiltPaper } from '../support/builders';
import { eventually } from '../support/eventually';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { readFixtureJson, type FixtureUrls } from '../support/fixtures';
import {
  expectFamilyScorecard,
  familyFile,
  familySets,
  loadFamilySet,
  type FamilySet,
} from '../support/paper-families';
import { getJson, postJson, startCheckerServer, type CheckerBody, type CheckerServer } from './checker-harness';

/**
 * Every paper family through the API exactly as an administrator and a candidate meet it: the master sheet uploaded
 * by its link, the official key (Section and Marks columns) imported as rows, then every generated sheet checked by
 * its link and compared with the generator's own scorer (expected.json), and the three refusals with their messages.
 */

/** The test paper a candidate of the set picks: its code, with the session of a two-session paper. */
const testPaperOf = (set: FamilySet) => {
  const [, code = '', session] = /^([a-z]{2})(\d)?-/.exec(set) ?? [];
  return `${code.toUpperCase()}${session ? ` ${session}` : ''}`;
};

const hasChoiceOf = (set: FamilySet) => loadFamilySet(set).paper.choose > 0;

async function upload(server: CheckerServer, html: string, query: Record<string, string>) {
  const response = await fetch(`${server.url}/api/data/upload-response?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/html' },
    body: html,
  });
  return { status: response.status, body: (await response.json()) as CheckerBody };
}

/**
 * An instance scores with a key within PAPER_FRESH_MS of its import: a test checking at once waits until the
 * instance's papers name their published key versions (the dashboard reads them as a check does, through its cache).
 */
const keysServed = (server: CheckerServer, admin: BuiltAdmin) =>
  eventually(
    async () => {
      const { body } = await getJson(`${server.url}/api/data/admin-stats`, admin.headers);
      const served = new Map(
        (body.papers as Array<{ id: string; keyVersion: { version: number } | null }>).map((paper) => [
          paper.id,
          paper.keyVersion?.version ?? 0,
        ]),
      );
      return (await server.store.papers.list()).every((paper) => served.get(paper.id) === paper.keyVersion);
    },
    { intervalMs: 100, what: 'every paper to score with its published key' },
  );

/** The scorecard the API answers with, as the family expectations read one. */
const asScorecard = (body: CheckerBody) => body as unknown as SheetScorecard;

describe('every GATE paper family, uploaded, keyed and checked through the API', () => {
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let admin: BuiltAdmin;
  const paperIds = new Map<FamilySet, string>();

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    server = await startCheckerServer({ RESPONSE_SHEET_HOSTS: fixtures.host });
    admin = await buildAdmin(server.store);
    for (const set of familySets) {
      const master = fixtures.url(readFixtureJson<FixtureUrls>(set, 'urls.json').master.url);
      const processed = await postJson(`${server.url}/api/data/process`, { link: master }, admin.headers);
      expect(processed.status, JSON.stringify(processed.body)).toBe(200);
      const paperId = (processed.body.data as { paperId: string }).paperId;
      paperIds.set(set, paperId);
      const rows = familyFile(set, 'key-official.txt');
      const imported = await postJson(
        `${server.url}/api/data/import-key`,
        { paperId, rows, label: 'final' },
        admin.headers,
      );
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    }
    await keysServed(server, admin);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  it('files each paper under its identity, a choice paper with its sections, and makes it live', async () => {
    expect([...paperIds.values()]).toEqual([
      'EE-2025',
      'CE1-2025',
      'CE2-2025',
      'GE-2025',
      'AR-2025',
      'GG-2025',
      'XE-2025',
      'XL-2025',
      'XH-2025',
    ]);
    const stats = await getJson(`${server.url}/api/data/admin-stats`, admin.headers);
    const papers = stats.body.papers as Array<{ id: string; live: boolean; sections?: { choose: number } }>;
    expect(papers.map((paper) => [paper.id, paper.live, paper.sections?.choose ?? 0])).toEqual([
      ['EE-2025', true, 0],
      ['CE1-2025', true, 0],
      ['CE2-2025', true, 0],
      ['GE-2025', true, 1],
      ['AR-2025', true, 1],
      ['GG-2025', true, 1],
      ['XE-2025', true, 2],
      ['XL-2025', true, 2],
      ['XH-2025', true, 1],
    ]);
  });

  describe.each(familySets)('%s', (set) => {
    const { sheets } = loadFamilySet(set);
    const links = new Map(
      readFixtureJson<FixtureUrls>(set, 'urls.json')
        .sheets.concat([{ ...readFixtureJson<FixtureUrls>(set, 'urls.json').master, candidateId: '' }])
        .map((sheet) => [sheet.file, sheet.url]),
    );

    it.each(sheets.map((sheet) => [sheet.candidateId, sheet] as const))(
      'scores %s exactly as the independent scorer does',
      async (_candidate, expected) => {
        const link = fixtures.url(links.get(expected.file)!);
        const checked = await postJson(`${server.url}/api/data/generate-response`, {
          link,
          testPaper: testPaperOf(set),
        });
        expect(checked.status, JSON.stringify(checked.body.message)).toBe(200);
        expectFamilyScorecard(asScorecard(checked.body), expected, hasChoiceOf(set));
        const stored = await server.store.results.findById(checked.body.resultId);
        expect(stored).toMatchObject({
          paperId: paperIds.get(set),
          totalMarks: checked.body.totalScore['Total Marks'],
        });
        expect(stored?.rankedAs).toBe(
          expected.rankedAs === loadFamilySet(set).paper.paper ? undefined : expected.rankedAs,
        );
      },
    );
  });

  describe('the three refusals, each with its message', () => {
    it('a sheet whose answers break the choice rule (three XE sections) asks which two, then scores them', async () => {
      const refusal = loadFamilySet('xe-2025').refused.find((bad) => bad.file === 'bad/three-sections.html')!;
      const html = familyFile('xe-2025', refusal.file);
      const asked = await upload(server, html, { testPaper: 'XE' });
      expect(asked.status).toBe(422);
      expect(asked.body).toMatchObject({ code: 'SECTION_CHOICE_NEEDED', message: refusal.error.message });
      expect(asked.body.choice).toMatchObject({
        paper: 'XE',
        reason: 'too-many-answered',
        choose: 2,
        choices: [
          ['B', 'C'],
          ['B', 'D'],
          ['C', 'D'],
        ],
      });
      const { choice, expected } = refusal.afterChoice!;
      const scored = await upload(server, html, { testPaper: 'XE', sections: choice.join(',') });
      expect(scored.status).toBe(200);
      expectFamilyScorecard(asScorecard(scored.body), expected, true);
      expect(await server.store.results.findById(scored.body.resultId)).toMatchObject({ chosenSections: choice });
    });

    it('a sheet that answers nothing in any optional part (GE) asks which part, then scores it', async () => {
      const refusal = loadFamilySet('ge-2025').refused[0]!;
      const html = familyFile('ge-2025', refusal.file);
      const asked = await upload(server, html, { testPaper: 'GE' });
      expect(asked).toMatchObject({
        status: 422,
        body: { code: 'SECTION_CHOICE_NEEDED', message: refusal.error.message, choice: { reason: 'none-answered' } },
      });
      const { choice, expected } = refusal.afterChoice!;
      const scored = await upload(server, html, { testPaper: 'GE', sections: choice.join(',') });
      expectFamilyScorecard(asScorecard(scored.body), expected, true);
      const refused = await upload(server, html, { testPaper: 'GE', sections: 'B1,B2' });
      expect(refused.body).toMatchObject({ code: 'SECTION_CHOICE_NEEDED', choice: { reason: 'choice-refused' } });
    });

    it('a sheet of an unknown paper code is refused, naming the code and the papers GATE holds', async () => {
      const refusal = loadFamilySet('ee-2025').refused[0]!;
      const refused = await upload(server, familyFile('ee-2025', refusal.file), { testPaper: 'EE' });
      expect(refused).toMatchObject({ status: 422, body: { code: 'UNKNOWN_PAPER', message: refusal.error.message } });
    });
  });
});

/** Its own server: the key change it makes would change what the scoring tests above expect of XE. */
describe('a key change after a choice of sections', () => {
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let xe: BuiltPaper;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    server = await startCheckerServer({ RESPONSE_SHEET_HOSTS: fixtures.host });
    xe = await buildPaper(server.store, 'xe-2025', fixtures);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  it('re-scores a result with the sections its candidate chose after a key change', async () => {
    const refusal = loadFamilySet('xe-2025').refused.find((bad) => bad.file === 'bad/one-section.html')!;
    const html = familyFile('xe-2025', refusal.file);
    const sections = refusal.afterChoice!.choice.join(',');
    const first = await upload(server, html, { testPaper: 'XE', sections });
    expect(first.status).toBe(200);
    // Every question of the chosen sections marked to all: the stored total must grow by their unanswered marks.
    const questions = await server.store.questions.listByPaperId(xe.paper.id);
    const chosenQuestions = questions.filter((question) => refusal.afterChoice!.choice.includes(question.section!));
    const { version } = await applyKey(server.store, xe.paper, {
      ...xe.key,
      ...Object.fromEntries(chosenQuestions.map((question) => [question.long_id, 'MTA'])),
    });
    const stored = await eventually(
      async () => {
        const result = await server.store.results.findById(first.body.resultId);
        return result!.keyVersion >= version!.version && result;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the result to be re-scored with the new key' },
    );
    const again = await upload(server, html, { testPaper: 'XE', sections, minKeyVersion: String(version!.version) });
    expect(stored).toMatchObject({ keyVersion: version!.version, totalMarks: again.body.totalScore['Total Marks'] });
    expect(again.body.totalScore['Total Marks']).toBeGreaterThan(first.body.totalScore['Total Marks']);
    const job = (await server.store.jobs.list()).find((found) => found.paperId === xe.paper.id);
    expect(job?.state).toBe('done');
  });
});

describe('a wrong paper and a choice of sections, before the e-mail step', () => {
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let admin: BuiltAdmin;
  const eeLink = () => fixtures.url(readFixtureJson<FixtureUrls>('ee-2025', 'urls.json').sheets[0]!.url);

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    server = await startCheckerServer({ RESPONSE_SHEET_HOSTS: fixtures.host, REQUIRE_EMAIL_VERIFICATION: 'true' });
    admin = await buildAdmin(server.store);
    for (const set of ['ee-2025', 'xe-2025'] as const) {
      const master = fixtures.url(readFixtureJson<FixtureUrls>(set, 'urls.json').master.url);
      const processed = await postJson(`${server.url}/api/data/process`, { link: master }, admin.headers);
      const paperId = (processed.body.data as { paperId: string }).paperId;
      const rows = familyFile(set, 'key-official.txt');
      const imported = await postJson(`${server.url}/api/data/import-key`, { paperId, rows }, admin.headers);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    }
    await keysServed(server, admin);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  it('refuses a sheet checked as another paper, naming the paper it is, before asking for an e-mail', async () => {
    const wrong = await postJson(`${server.url}/api/data/generate-response`, { link: eeLink(), testPaper: 'CE 1' });
    expect(wrong).toMatchObject({
      status: 422,
      body: {
        code: 'WRONG_PAPER',
        message: 'This response sheet is EE, not CE 1. Choose EE as the test paper and try again.',
      },
    });
    const right = await postJson(`${server.url}/api/data/generate-response`, { link: eeLink(), testPaper: 'EE' });
    expect(right).toMatchObject({ status: 403, body: { message: 'Please Verify Your Email' } });
  });

  it('asks which sections before the e-mail step, then asks for the e-mail', async () => {
    const html = familyFile('xe-2025', 'bad/three-sections.html');
    const asked = await upload(server, html, { testPaper: 'XE', email: 'x@example.com' });
    expect(asked).toMatchObject({ status: 422, body: { code: 'SECTION_CHOICE_NEEDED' } });
    const chosen = await upload(server, html, { testPaper: 'XE', email: 'x@example.com', sections: 'B,D' });
    expect(chosen).toMatchObject({ status: 403, body: { message: 'Please Verify Your Email' } });
  });
});
