import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from 'yup';
import { startTestServer, type TestServer } from '../../test/support/server';
import { sealVerification } from '../access/scorecard-access';
import { demoSamples } from '../demo';
import { OPERATION_PATHS, type OperationName } from '../../src/contract/operation-paths';
import { OPERATIONS, type OperationDescription } from '../../src/contract/operations';

const description = (operation: OperationName): OperationDescription => OPERATIONS[operation];

const ADMIN = { email: 'admin@example.com', password: 'Admin-pass-1!' };
const basic = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

/**
 * The JSON a running server sends, checked against the answer schema the document publishes for its route (strict:
 * no field the document does not list, none it promises missing), so the document cannot drift from the server.
 */
describe('what the server sends fits the published answers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      DEMO: 'true',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(() => server?.close());

  /** Calls the operation and returns its answer once it fits the published schema. */
  async function answerOf(
    operation: OperationName,
    pathname: string,
    init: { body?: unknown; admin?: boolean } = {},
  ): Promise<Record<string, unknown>> {
    const { method } = OPERATION_PATHS[operation];
    const response = await fetch(server.url + pathname, {
      method,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.admin ? { authorization: basic } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(description(operation).status ?? 200);
    const schema = description(operation).answer as Schema;
    await expect(schema.validate(body, { strict: true, abortEarly: false })).resolves.toBeDefined();
    return body;
  }

  it('scorecards of a plain paper and of a paper with a choice of sections, with their rank and marks chart', async () => {
    const samples = [
      demoSamples.find((sample) => sample.testPaper === 'CS 1')!,
      demoSamples.find((sample) => sample.testPaper === 'XE' && sample.note?.includes('read off the answers'))!,
    ];
    for (const sample of samples) {
      const scorecard = await answerOf('checkScore', '/api/data/generate-response', {
        body: { link: server.url + sample.path, testPaper: sample.testPaper },
      });
      expect(Boolean(scorecard.sections)).toBe(sample.testPaper === 'XE');
      const { id: paperId } = scorecard.paper as { id: string };
      const resultId = scorecard.resultId as string;
      const rankPath = `/api/data/get-rank/${resultId}/${encodeURIComponent(sample.testPaper)}`;
      expect(await answerOf('rank', rankPath)).toMatchObject({ counted: true });
      await answerOf('distribution', `/api/data/distribution/${paperId}`);
      await answerOf('keyVersion', `/api/data/key-version?paperId=${paperId}`);
      await answerOf('scorecard', '/api/data/scorecard', { body: { resultId } });
      const disputes = await answerOf('scorecardDisputes', '/api/data/disputes/scorecard', { body: { resultId } });
      expect(disputes).toMatchObject({ state: 'too-few-results', resultId, disputes: [] });
      expect(await answerOf('scoreAlertStatus', '/api/data/score-alerts/status', { body: { resultId } })).toEqual({
        available: false,
        subscribed: false,
        email: null,
      });
    }
  });

  it('a verification mail asked for, and its link opened', async () => {
    const sample = demoSamples.find((found) => found.testPaper === 'DA')!;
    const link = server.url + sample.path;
    const email = 'asha@example.com';
    expect(
      await answerOf('sendVerification', '/api/data/send-verification', {
        body: { link, testPaper: sample.testPaper, email },
      }),
    ).toMatchObject({ alreadyVerified: false });
    const token = sealVerification(server.config.secret, { link }, email);
    const opened = await answerOf('verify', `/api/data/verify?token=${token}`);
    expect(opened).toMatchObject({ alreadyVerified: false, link });
  });

  it("the admin's papers, results, figures and key versions", async () => {
    const papers = await answerOf('allPapers', '/api/data/all-question-paper', { admin: true });
    const paperId = Object.keys(papers)[0]!;
    await answerOf('allResults', '/api/data/get-all-results', { admin: true });
    await answerOf('adminStats', '/api/data/admin-stats', { admin: true });
    await answerOf('checkCredentials', '/api/data/check-credentials', { admin: true });
    const { versions } = (await answerOf('keyVersions', `/api/data/key-versions?paperId=${paperId}`, {
      admin: true,
    })) as { versions: Array<{ version: number }> };
    const version = versions[0]!.version;
    await answerOf('paperDisputes', `/api/data/disputes?paperId=${paperId}`, { admin: true });
    await answerOf(
      'compareKeyVersions',
      `/api/data/key-versions/compare?paperId=${paperId}&from=${version}&to=${version}`,
      { admin: true },
    );
    await answerOf('retirePaper', `/api/data/papers/${paperId}/retired`, {
      admin: true,
      body: { retired: false },
    });
  });

  it('health', async () => {
    await answerOf('health', '/api/health');
    await answerOf('liveness', '/api/health/live');
  });
});
