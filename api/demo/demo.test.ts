import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/server';
import { createStore } from '../store';
import { postJson } from '../../test/integration/checker-harness';
import { DEMO_PAPERS } from './demo-papers';
import { keyChangesOf } from '../../test/support/builders';
import { demoBanner, demoSamples } from '.';
import { itemAt } from '../../src/domain/lists';

describe('the demo a newcomer tries after npm start', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      DEMO: 'true',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      APP_ORIGIN: 'https://hiregate.example',
    });
  });
  afterAll(() => server?.close());

  const check = (link: string, testPaper: string) =>
    postJson(`${server.url}/api/data/generate-response`, { link, testPaper });

  it('prints a sample link per candidate and paper', () => {
    const banner = demoBanner('http://localhost:8080', { requireEmailVerification: true, smtpUrl: undefined });
    for (const sample of demoSamples) expect(banner).toContain(`http://localhost:8080${sample.path}`);
    expect(new Set(demoSamples.map((sample) => sample.testPaper))).toEqual(new Set(['CS 1', 'CS 2', 'DA', 'EE', 'XE']));
    expect(banner).toContain(
      'XE25S19000004.html  (answers 3 optional sections (B, E, H): the checker asks which 2 you chose)',
    );
    expect(banner).toContain('mail kept in the local outbox');
    expect(demoBanner('http://x', { requireEmailVerification: true, smtpUrl: 'smtp://mail' })).not.toContain('outbox');
  });

  it('scores every sample sheet by its link, with the keys seeded at start', async () => {
    for (const { paper, samples } of DEMO_PAPERS) {
      const totals: number[] = [];
      for (const sheet of samples) {
        const link = `${server.url}/demo/response-sheets/${sheet.candidate.id}.html`;
        let { status, body } = await check(link, paper.testPaper);
        // The XE sample answering three sections asks which two the candidate chose; they say the first two.
        if (body.code === 'SECTION_CHOICE_NEEDED') {
          expect(sheet.candidate.answers).toHaveLength(3);
          ({ status, body } = await postJson(`${server.url}/api/data/generate-response`, {
            link,
            testPaper: paper.testPaper,
            sections: sheet.candidate.answers!.slice(0, 2).join(','),
          }));
        }
        expect(status, body.message).toBe(200);
        expect(body.candidate.id).toBe(sheet.candidate.id);
        expect(body.response).toHaveLength(paper.questions.length);
        expect(body.response.every((question) => question.answerKey)).toBe(true);
        totals.push(body.totalScore['Total Marks']);
      }
      // The samples go from the most to the least accurate candidate, so the scorer must rank them that way.
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(new Set(totals).size).toBe(totals.length);
    }
  });

  it('serves the sample sheet page and its generated images', async () => {
    const sample = itemAt(demoSamples, 0);
    const page = await fetch(`${server.url}${sample.path}`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain(sample.candidateId);
    const image = /src="(\/demo\/images\/[^"]+)"/.exec(html)![1];
    const svg = await fetch(`${server.url}${image}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    expect((await fetch(`${server.url}/demo/images/secret.txt`)).status).not.toBe(200);
  });

  it('reads only its own origin from memory: the same path on another port goes through the fetcher', async () => {
    const sample = itemAt(demoSamples, 0);
    const elsewhere = await check(`http://127.0.0.1:1${sample.path}`, sample.testPaper);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/not a link to a GATE response sheet/);
  });

  it('lists the sample links on the configured origin and writes nothing a request sends into the page', async () => {
    const hostile = 'https://x"><script>alert(1)</script>';
    const page = await fetch(`${server.url}/demo`, { headers: { Origin: hostile } }).then((r) => r.text());
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('null/');
    for (const sample of demoSamples) expect(page).toContain(`<code>https://hiregate.example${sample.path}</code>`);
  });
});

describe('the demo across restarts', () => {
  it("keeps an administrator's change to a demo key when the server starts again", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-demo-restart-'));
    const restartServer = async () => (await startTestServer({ DEMO: 'true', DATA_DIR: dataDir })).close();
    /** The first demo question, changed by `change` while the server is stopped (the store allows one process). */
    const firstDemoQuestion = async (change?: (key: string) => string) => {
      const store = await createStore({ mongodbUri: undefined, dataDir });
      try {
        const question = itemAt(await store.questions.listByPaperId('CS1-2026-demo'), 0);
        if (change) {
          await keyChangesOf(store).apply(
            question.paperId,
            [{ questionId: question.id, answerKey: change(question.answerKey ?? '') }],
            { label: 'Edited Q1', source: 'edit' },
          );
        }
        return question;
      } finally {
        await store.close();
      }
    };
    try {
      await restartServer();
      let edited = '';
      await firstDemoQuestion((key) => (edited = key === 'A' ? 'B' : 'A'));
      await restartServer();
      expect((await firstDemoQuestion()).answerKey).toBe(edited);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
