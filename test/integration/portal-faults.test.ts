import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FETCH_MESSAGES } from '../../api/sheets/fetcher';
import { IMAGE_MESSAGES } from '../../api/features/images/image-proxy';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { PORTAL_FAULTS, serveFaults } from '../support/misbehaving-portal';
import { postJson, startCheckerServer, type CheckerServer } from './checker-harness';
import { metricSample } from '../support/metrics';

const TOKEN = 'metrics-token-0123456789';

describe('a portal that fails in every way: the fault is the portal’s, never a 500', () => {
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let faults: ReturnType<typeof serveFaults>;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    faults = serveFaults(fixtures);
    server = await startCheckerServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      FETCH_TIMEOUT_MS: '800',
      METRICS_TOKEN: TOKEN,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  const cases = PORTAL_FAULTS.map((fault) => [fault.name] as const);
  const faultNamed = (name: string) => faults.find((fault) => fault.name === name)!;

  it.each(cases)('a check of a sheet behind %s answers its status with the upload advice', async (name) => {
    const fault = faultNamed(name);
    const answer = await postJson(`${server.url}/api/data/generate-response`, { link: fault.page, testPaper: 'CS 1' });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: fault.status,
      body: { message: FETCH_MESSAGES[fault.reason], code: 'PORTAL_UNREACHABLE' },
    });
    expect(answer.body.message).toContain('upload the saved page instead');
  });

  it.each(cases)('an image behind %s answers its status and what went wrong', async (name) => {
    const fault = faultNamed(name);
    const response = await fetch(`${server.url}/api/images?${new URLSearchParams({ src: fault.image })}`);
    expect({ status: response.status, body: (await response.json()) as unknown }).toEqual({
      status: fault.status,
      body: { message: IMAGE_MESSAGES[fault.reason as keyof typeof IMAGE_MESSAGES], code: 'PORTAL_UNREACHABLE' },
    });
  });

  it('counts every kind of fault in hiregate_portal_fetches_total, for sheets and images apart', async () => {
    const scrape = async () => {
      const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const text = await response.text();
      return (file: string, result: string) => metricSample(text, 'hiregate_portal_fetches_total', { file, result });
    };
    // It makes every fault happen itself, so it counts the same in any order beside the tests above.
    const before = await scrape();
    for (const fault of faults) {
      await postJson(`${server.url}/api/data/generate-response`, { link: fault.page, testPaper: 'CS 1' });
      await fetch(`${server.url}/api/images?${new URLSearchParams({ src: fault.image })}`).then((r) => r.text());
    }
    const after = await scrape();
    for (const reason of new Set(PORTAL_FAULTS.map((fault) => fault.reason))) {
      const expected = PORTAL_FAULTS.filter((fault) => fault.reason === reason).length;
      const moved = (file: string) => after(file, reason) - before(file, reason);
      expect({ reason, sheets: moved('sheet'), images: moved('image') }).toEqual({
        reason,
        sheets: expected,
        images: expected,
      });
    }
  });
});
