import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemAt } from '../../src/domain/lists';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import {
  getJson,
  postJson,
  sheetLinks,
  startCheckerServer,
  verifiedDevice,
  type CheckerServer,
} from './checker-harness';
import { buildPaper } from '../support/builders';

/** A saved page edited the way an attacker would: another name, every answer changed to A. */
function edited(page: string): string {
  return page
    .replace(/(Candidate Name<\/td><td>)[^<]*/, '$1MALLORY EDITOR')
    .replace(/(Chosen Option :<\/td><td class="bold">)[A-D]/g, '$1A');
}

describe.each(STORE_LANES)('who owns a stored result, on the $lane', ({ mongo }) => {
  let fixtures: FixtureServer;
  let laneStore: LaneStore;
  let server: CheckerServer;
  let victimLink: string;
  let attackerLink: string;
  let victim: string;
  let mallory: string;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    laneStore = await openLaneStore(mongo);
    server = await startCheckerServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      ...laneStore.env('ownership'),
    });
    await buildPaper(server.store, 'cs1-2026', fixtures);
    victimLink = itemAt(sheetLinks('cs1-2026', fixtures), 0);
    attackerLink = fixtures.url('/made-up/my-own-link.html');
    victim = await verifiedDevice(server, victimLink, 'victim@example.com');
    mallory = await verifiedDevice(server, attackerLink, 'mallory@example.com');
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await laneStore?.stop();
    await fixtures?.close();
  });

  it('an edited upload under a link the uploader verified leaves the fetched result of that candidate as it was', async () => {
    const genuine = await postJson(`${server.url}/api/data/generate-response`, {
      link: victimLink,
      testPaper: 'CS 1',
      access: victim,
    });
    expect(genuine.status).toBe(200);
    const before = await server.store.results.findById(genuine.body.resultId);

    const page = await fetch(victimLink).then((response) => response.text());
    const upload = await fetch(
      `${server.url}/api/data/upload-response?${new URLSearchParams({ testPaper: 'CS 1', link: attackerLink, access: mallory })}`,
      { method: 'POST', headers: { 'content-type': 'text/html' }, body: edited(page) },
    );
    const uploaded = (await upload.json()) as { resultId: string; candidate: { id: string; name: string } };
    expect(upload.status).toBe(200);
    expect(uploaded.candidate).toEqual({ id: before!.candidateId, name: 'MALLORY EDITOR' });
    expect(uploaded.resultId).not.toBe(genuine.body.resultId);

    expect(await server.store.results.findById(genuine.body.resultId)).toEqual(before);
    expect(before).toMatchObject({ email: 'victim@example.com', isVerified: true });
    expect(await server.store.results.findById(uploaded.resultId)).toMatchObject({
      email: 'mallory@example.com',
      uploaded: true,
    });
    expect(await server.store.results.findById(uploaded.resultId)).not.toHaveProperty('link');
  });

  it('keeps uploads out of the crowd: ranks and the distribution count fetched results only', async () => {
    const genuine = await postJson(`${server.url}/api/data/generate-response`, {
      link: victimLink,
      testPaper: 'CS 1',
      access: victim,
    });
    const rank = await getJson(`${server.url}/api/data/get-rank/${genuine.body.resultId}/CS%201`);
    expect(rank.body).toEqual({ rank: 1, totalParticipants: 1, counted: true });
    const distribution = await getJson(`${server.url}/api/data/distribution/CS%201`);
    expect(distribution.body.count).toBe(1);
  });

  it('the same page uploaded again under the same link replaces that upload, not anything else', async () => {
    const genuine = await postJson(`${server.url}/api/data/generate-response`, {
      link: victimLink,
      testPaper: 'CS 1',
      access: victim,
    });
    const page = edited(await fetch(victimLink).then((response) => response.text()));
    const upload = () =>
      fetch(
        `${server.url}/api/data/upload-response?${new URLSearchParams({ testPaper: 'CS 1', link: attackerLink, access: mallory })}`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/html' },
          body: page,
        },
      ).then((response) => response.json() as Promise<{ resultId: string }>);
    const first = await upload();
    const storedAfterFirst = await server.store.results.count();
    const second = await upload();
    expect(second.resultId).toBe(first.resultId);
    expect(second.resultId).not.toBe(genuine.body.resultId);
    expect(await server.store.results.count()).toBe(storedAfterFirst);
  });
});
