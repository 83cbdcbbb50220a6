import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type HireGateApp } from '../../api/app';
import { createScorecardAccess, readAccessToken, signAccessToken } from '../../api/access/scorecard-access';
import { createStore, type Store } from '../../api/store';
import { itemAt } from '../../src/domain/lists';
import { buildAdmin, buildOfficialReport, buildPaper, type BuiltAdmin } from '../support/builders';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';
import { postJson, sheetLinks, startCheckerServer, verifiedDevice, type CheckerServer } from './checker-harness';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A token with one character in its sealed middle changed. */
const altered = (token: string) => `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;

/**
 * A device's access token across two instances on one store: its lifetime and renewal, signing a device out, an
 * administrator's revocation and "Forget me", each refused (403 ACCESS_REVOKED) by the instance that did not do it.
 */
describe.each(STORE_LANES)("a device's access, on two instances of the $lane", ({ mongo }) => {
  let fixtures: FixtureServer;
  let laneStore: LaneStore;
  let mailbox: Mailbox;
  let first: CheckerServer;
  let otherStore: Store;
  let otherApp: HireGateApp;
  let other: Server;
  let otherUrl: string;
  let admin: BuiltAdmin;
  let links: string[];

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    laneStore = await openLaneStore(mongo);
    mailbox = await startMailbox();
    first = await startCheckerServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: mailbox.url,
      ...laneStore.env('device_access'),
    });
    // The second instance: its own connection to the same database on MongoDB; the one process's store otherwise
    // (the embedded store belongs to one process).
    otherStore = mongo ? await createStore(first.config) : first.store;
    otherApp = createApp(first.config, otherStore, pino({ level: 'silent' }));
    other = await new Promise<Server>((resolve) => {
      const listening = otherApp.koa.listen(0, '127.0.0.1', () => resolve(listening));
    });
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    admin = await buildAdmin(first.store);
    await buildPaper(first.store, 'cs1-2026', fixtures);
    links = sheetLinks('cs1-2026', fixtures);
  }, 90_000);

  afterAll(async () => {
    await new Promise((resolve) => other?.close(resolve));
    // Its mailer's pooled SMTP connection, which would hold the mailbox open.
    await otherApp?.stop();
    if (mongo) await otherStore?.close();
    await first?.close();
    await mailbox?.close();
    await laneStore?.stop();
    await fixtures?.close();
  });

  const check = (url: string, link: string, access: string) =>
    postJson(`${url}/api/data/generate-response`, { link, testPaper: 'CS 1', access });

  it('renews a token in use once a day, keeping its device, and asks an unused one to verify again', async () => {
    const link = itemAt(links, 0);
    await verifiedDevice(first, link, 'renewed@example.com');
    const { secret, accessLifetimeMs } = first.config;
    expect(accessLifetimeMs).toBe(30 * DAY_MS);

    const fresh = signAccessToken(secret, 'renewed@example.com', accessLifetimeMs);
    const unrenewed = await check(first.url, link, fresh);
    expect(unrenewed.status).toBe(200);
    expect(unrenewed.headers.get('x-access-token')).toBeNull();

    const twoDaysOld = signAccessToken(secret, 'renewed@example.com', accessLifetimeMs, Date.now() - 2 * DAY_MS);
    const used = await check(otherUrl, link, twoDaysOld);
    expect(used.status).toBe(200);
    const renewal = readAccessToken(secret, used.headers.get('x-access-token') ?? undefined);
    const before = readAccessToken(secret, twoDaysOld);
    if (renewal.status !== 'valid' || before.status !== 'valid') throw new Error('no valid renewal came back');
    expect(renewal.access).toMatchObject({ device: before.access.device, issuedAt: before.access.issuedAt });
    expect(renewal.access.expiresAt - before.access.expiresAt).toBeGreaterThanOrEqual(2 * DAY_MS - 60_000);

    const lapsed = signAccessToken(secret, 'renewed@example.com', accessLifetimeMs, Date.now() - 31 * DAY_MS);
    const refused = await check(first.url, link, lapsed);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('VERIFICATION_REQUIRED');
  });

  it('signs one device out on every instance, and leaves the address’s other devices signed in', async () => {
    const link = itemAt(links, 1);
    const laptop = await verifiedDevice(first, link, 'signout@example.com');
    const phone = await verifiedDevice(first, link, 'signout@example.com');
    expect((await check(otherUrl, link, laptop)).status).toBe(200);

    const signedOut = await postJson(`${first.url}/api/data/sign-out-device`, { access: laptop });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.message).toBe('This device is signed out.');

    for (const url of [first.url, otherUrl]) {
      const refused = await check(url, link, laptop);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'ACCESS_REVOKED',
        message: 'This device was signed out. Verify your e-mail again to see your scorecard here.',
      });
      expect((await check(url, link, phone)).status).toBe(200);
    }
    // Signed out, the device asks for a new verification mail like any other.
    const again = await postJson(`${otherUrl}/api/data/send-verification`, {
      link,
      email: 'signout@example.com',
      access: laptop,
    });
    expect(again.status).toBe(200);
    expect(again.body.alreadyVerified).toBe(false);
    const forged = await postJson(`${otherUrl}/api/data/sign-out-device`, { access: 'not-a-token' });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('INVALID_TOKEN');
  });

  it("revokes every device of an address at an administrator's word; a later verification works again", async () => {
    const link = itemAt(links, 2);
    const devices = [
      await verifiedDevice(first, link, 'revoked@example.com'),
      await verifiedDevice(first, link, 'revoked@example.com'),
    ];
    const bystander = await verifiedDevice(first, link, 'bystander@example.com');

    const anonymous = await postJson(`${otherUrl}/api/data/admin/revoke-access`, { email: 'revoked@example.com' });
    expect(anonymous.status).toBe(401);
    const revoked = await postJson(
      `${otherUrl}/api/data/admin/revoke-access`,
      { email: 'Revoked@Example.com' },
      admin.headers,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('Every device of revoked@example.com is signed out.');

    for (const url of [first.url, otherUrl]) {
      for (const device of devices) expect((await check(url, link, device)).body.code).toBe('ACCESS_REVOKED');
      expect((await check(url, link, bystander)).status).toBe(200);
    }
    const later = signAccessToken(
      first.config.secret,
      'revoked@example.com',
      first.config.accessLifetimeMs,
      Date.now() + 1,
    );
    expect((await check(first.url, link, later)).status).toBe(200);
  });

  it('forgets an address after a mailed confirmation: its results, alerts and reports go, its devices are refused', async () => {
    const link = itemAt(links, 3);
    const device = await verifiedDevice(first, link, 'forget@example.com');
    const checked = await check(first.url, link, device);
    expect(checked.status).toBe(200);
    const { resultId } = checked.body;
    const alert = await fetch(`${otherUrl}/api/data/score-alerts`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resultId, access: device, subscribed: true }),
    });
    expect(alert.status).toBe(200);
    const { reportedAt: _stamped, ...report } = buildOfficialReport({ resultId });
    await first.store.officialReports.add(report);

    const asked = await postJson(`${first.url}/api/data/forget-me`, { access: device });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      message: 'We have sent a confirmation link to fo…@example.com. Open it within 24 hours to delete your data.',
      email: 'fo…@example.com',
    });
    const again = await postJson(`${first.url}/api/data/forget-me`, { access: device });
    expect(again.status).toBe(429);
    // Nothing is deleted before the link is followed.
    expect(await first.store.results.findById(resultId)).not.toBeNull();

    const mail = await mailbox.next('forget@example.com');
    const token = /\/forget-me\?token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    expect(token).toBeDefined();
    const forged = await postJson(`${otherUrl}/api/data/forget-me/confirm`, { token: altered(token ?? '') });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('INVALID_TOKEN');

    const confirmed = await postJson(`${otherUrl}/api/data/forget-me/confirm`, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.erased).toEqual({ results: 1, alerts: 1, reports: 1 });
    expect(await first.store.results.findById(resultId)).toBeNull();
    expect(await first.store.officialReports.findByResult(resultId)).toBeNull();
    const linkKey = createScorecardAccess(first.config, first.store).linkKey(link);
    expect(await first.store.verifications.isVerified(linkKey, 'forget@example.com')).toBe(false);
    for (const url of [first.url, otherUrl]) expect((await check(url, link, device)).body.code).toBe('ACCESS_REVOKED');

    // The link erases once: what the address stores later is not the link's to delete.
    const later = await verifiedDevice(first, link, 'forget@example.com');
    // Checked on the instance that has not served this sheet: the other may answer from its minute-long memory.
    const laterResult = (await check(otherUrl, link, later)).body.resultId;
    expect(await first.store.results.findById(laterResult)).not.toBeNull();
    const reused = await postJson(`${otherUrl}/api/data/forget-me/confirm`, { token });
    expect(reused.status).toBe(410);
    expect(reused.body.message).toMatch(/used already/);
    expect(await first.store.results.findById(laterResult)).not.toBeNull();
  });
});
