import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealVerification } from '../../api/access/scorecard-access';
import { itemAt } from '../../src/domain/lists';
import { SHEET_LINK_MESSAGES } from '../../src/domain/validation/score-request';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import {
  decodeQuotedPrintable,
  getJson,
  postJson,
  sheetLinks,
  startCheckerServer,
  startSmtpPeer,
  type CheckerServer,
} from './checker-harness';
import { basicAuth, buildAdmin, buildPaper, type BuiltAdmin } from '../support/builders';

describe('e-mail verification before a scorecard (REQUIRE_EMAIL_VERIFICATION on)', () => {
  let fixtures: FixtureServer;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let server: CheckerServer;
  let links: string[];
  let admin: BuiltAdmin;
  const appOrigin = 'https://hiregate.example';

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    smtp = await startSmtpPeer();
    server = await startCheckerServer({
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: smtp.url,
      APP_ORIGIN: appOrigin,
      RESPONSE_SHEET_HOSTS: fixtures.host,
    });
    await buildPaper(server.store, 'cs1-2026', fixtures);
    admin = await buildAdmin(server.store);
    links = sheetLinks('cs1-2026', fixtures);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await fixtures?.close();
  });

  const check = (link: string, headers: Record<string, string> = {}, access?: string) =>
    postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'CS 1', access }, headers);
  /** Each test checks sheets no other test verifies, so the tests run alone and in any order. */
  const linkOf = (candidate: number) => itemAt(links, candidate);
  const verifyUrl = (query: Record<string, string> | URLSearchParams) =>
    `${server.url}/api/data/verify?${new URLSearchParams(query)}`;
  /** What a mailed link of this subject and address verifies with. */
  const sealed = (subject: { link: string } | { upload: string }, email: string, now?: number) =>
    sealVerification(server.config.secret, subject, email, now);
  /** The first mail to `address`, in arrival order: mails of earlier tests may still be arriving. */
  async function mailTo(address: string) {
    for (let count = 1; ; count++) {
      const mail = await smtp.nextMail(count);
      if (mail.to.includes(address)) return mail;
    }
  }
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  it('asks to verify, mails a signed link through SMTP, verifies once, then returns the scorecard', async () => {
    const link = linkOf(0);
    const first = await check(link);
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ message: 'Please Verify Your Email', code: 'VERIFICATION_REQUIRED' });

    const sent = await postJson(`${server.url}/api/data/send-verification`, { link, email: ' Asha@Example.COM ' });
    expect(sent.body).toEqual({
      message: 'Verification link sent to your email',
      code: 'VERIFICATION_SENT',
      alreadyVerified: false,
      resendAfterSeconds: 60,
    });

    const mail = await mailTo('asha@example.com');
    expect(mail.to).toEqual(['asha@example.com']);
    const text = decodeQuotedPrintable(mail.raw);
    const address = /https:\/\/hiregate\.example\/verify-email\?[^\s"<]+/.exec(text)?.[0] ?? '';
    expect(address, text).not.toBe('');
    const query = new URL(address.replaceAll('&amp;', '&')).searchParams;
    // The address holds one sealed token: neither the e-mail nor the link (both would stay in the history).
    expect([...query.keys()]).toEqual(['token']);
    expect(address).not.toMatch(/asha|CS26S|digialm|127\.0\.0\.1/i);

    // The verify page passes the token through; the device keeps the access token it gets.
    const verified = await getJson(verifyUrl(query));
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: 'Email verified successfully', alreadyVerified: false, link });
    const access = verified.body.access as string;
    expect(access).toMatch(/^[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const repeated = await getJson(verifyUrl(query));
    expect(repeated.body).toMatchObject({ message: 'Link is already verified.', alreadyVerified: true });
    const resend = await postJson(`${server.url}/api/data/send-verification`, {
      link,
      email: 'asha@example.com',
      access,
    });
    expect(resend.body.message).toBe('Link is already verified.');
    expect(mailsTo('asha@example.com')).toHaveLength(1);

    // The link alone is not enough: a device without the proof is asked to verify.
    expect((await check(link)).status).toBe(403);
    const scorecard = await check(link, {}, access);
    expect(scorecard.status).toBe(200);
    expect(scorecard.body.totalScore['Total Marks']).toEqual(expect.any(Number));
    const stored = await server.store.results.findById(scorecard.body.resultId);
    expect(stored).toMatchObject({ email: 'asha@example.com', isVerified: true, link });
  });

  it('refuses tokens that were altered, sealed with another secret, or have expired', async () => {
    const link = linkOf(1);
    const email = 'rohan@example.com';
    const token = sealed({ link }, email);
    const verify = (params: Record<string, string>) => getJson(verifyUrl(params));

    const bytes = Buffer.from(token, 'base64url');
    bytes[bytes.length - 3]! ^= 4;
    expect(await verify({ token: bytes.toString('base64url') })).toMatchObject({ status: 400 });
    expect(await verify({ token: sealVerification('another-secret-0123456789abcdef', { link }, email) })).toMatchObject(
      { status: 400 },
    );
    expect(await verify({})).toEqual({
      status: 400,
      body: { message: 'Missing verification parameters', code: 'VALIDATION_FAILED' },
    });
    const dayAndAnHourAgo = Date.now() - 25 * 60 * 60 * 1000;
    const expired = await verify({ token: sealed({ link }, email, dayAndAnHourAgo) });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ message: expect.stringMatching(/expired/) as unknown, code: 'EXPIRED_TOKEN' });
    expect((await check(link)).body.message).toBe('Please Verify Your Email');
  });

  it('lets every address that proves itself see the scorecard, and no address take the link from another', async () => {
    const link = linkOf(5);
    const verifyAs = async (email: string) => {
      const verified = await getJson(verifyUrl({ token: sealed({ link }, email) }));
      expect(verified.status).toBe(200);
      return verified.body.access as string;
    };
    // Someone with the candidate's link verifies their own address first.
    const other = await verifyAs('someone.else@example.com');
    expect((await check(link, {}, other)).status).toBe(200);
    // The owner's own mail link still verifies them, as a new verification (not 'already verified').
    const owner = await getJson(verifyUrl({ token: sealed({ link }, 'owner@example.com') }));
    expect(owner.body).toMatchObject({ message: 'Email verified successfully', alreadyVerified: false });
    const ownerCard = await check(link, {}, owner.body.access as string);
    expect(ownerCard.status).toBe(200);
    // Asking for a mail on another device (no proof held) sends one, rather than 'already verified'.
    const fromAnotherDevice = await postJson(`${server.url}/api/data/send-verification`, {
      link,
      email: 'owner@example.com',
    });
    expect(fromAnotherDevice.body).toMatchObject({ alreadyVerified: false });
    await mailTo('owner@example.com');
  });

  it('never asks an administrator to verify, and keeps the candidate’s verification state', async () => {
    const link = linkOf(3);
    const asAdmin = await check(link, admin.headers);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.response).toHaveLength(65);
    const stored = await server.store.results.findById(asAdmin.body.resultId);
    expect(stored).toMatchObject({ isVerified: false, link });
    const wrongPassword = await check(link, basicAuth(admin.email, 'nope'));
    expect(wrongPassword.status).toBe(401);
    expect((await check(link)).body.message).toBe('Please Verify Your Email');
  });

  it('scores an uploaded page as a check of its own: an e-mail is verified for the upload, then its stored scorecard opens', async () => {
    const upload = (query: Record<string, string>, page: string) =>
      fetch(`${server.url}/api/data/upload-response?${new URLSearchParams(query)}`, {
        method: 'POST',
        headers: { 'content-type': 'text/html' },
        body: page,
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));
    const page = await fetch(linkOf(2)).then((response) => response.text());

    // No link typed (the portal is down): the upload is stored, and the e-mail step asks for an address only.
    const first = await upload({ testPaper: 'CS 1' }, page);
    expect(first).toMatchObject({
      status: 403,
      body: { message: 'Please Verify Your Email', verificationRequired: true, upload: expect.any(String) as unknown },
    });
    const resultId = first.body.upload as string;
    expect(await server.store.results.findById(resultId)).toMatchObject({ uploaded: true, isVerified: false });
    const email = 'dev@example.com';
    const sent = await postJson(`${server.url}/api/data/send-verification`, { upload: resultId, email });
    expect(sent.status).toBe(200);
    const mail = decodeQuotedPrintable((await mailTo(email)).raw);
    const token = new URL(/https:\/\/hiregate\.example\/verify-email\?[^\s"<]+/.exec(mail)![0]).searchParams.get(
      'token',
    )!;
    const verified = await getJson(verifyUrl({ token }));
    expect(verified.body).toMatchObject({ message: 'Email verified successfully', resultId });
    const access = verified.body.access as string;
    // The administrator's results name the uploader's verified address from now on.
    expect(await server.store.results.findById(resultId)).toMatchObject({ email, isVerified: true });

    // The scorecard comes from the stored upload, for this device only.
    const card = await postJson(`${server.url}/api/data/scorecard`, { resultId, access });
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ resultId, candidate: { id: expect.stringMatching(/^CS26S/) as unknown } });
    expect(card.body.response).toHaveLength(65);
    expect((await postJson(`${server.url}/api/data/scorecard`, { resultId })).status).toBe(403);
    // Uploaded again from this device, it is scored at once.
    expect((await upload({ testPaper: 'CS 1', access }, page)).status).toBe(200);

    // A typed link this device verified vouches for an upload too.
    const link = linkOf(2);
    const byLink = await getJson(verifyUrl({ token: sealed({ link }, 'dev.link@example.com') }));
    expect((await upload({ testPaper: 'CS 1', link, access: byLink.body.access as string }, page)).status).toBe(200);
  });

  it('limits verification mails to one address', async () => {
    const email = 'flood@example.com';
    const statuses: number[] = [];
    for (const link of links.slice(4, 11)) {
      statuses.push((await postJson(`${server.url}/api/data/send-verification`, { link, email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('refuses a second mail for the same link and address within the cool-down, with Retry-After', async () => {
    const link = linkOf(11);
    const send = (email: string) => postJson(`${server.url}/api/data/send-verification`, { link, email });
    expect((await send('meera@example.com')).status).toBe(200);
    await mailTo('meera@example.com');

    const again = await send(' Meera@Example.com ');
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(again.body).toEqual({
      message: `We have just sent a verification link to this address for this response sheet. Check your inbox and spam folder; you can ask for a new link in ${retryAfter} s.`,
      code: 'RESEND_TOO_SOON',
      retryAfterSeconds: retryAfter,
    });
    // Another address for the same sheet is not held up by it.
    expect((await send('meera.k@example.com')).status).toBe(200);
    await mailTo('meera.k@example.com');
    expect(mailsTo('meera@example.com')).toHaveLength(1);
  });

  it.each([
    ['words', 'my gate result', SHEET_LINK_MESSAGES.notALink],
    ['a path of this site', '/about', SHEET_LINK_MESSAGES.notALink],
    ['another site’s page', 'https://gate2026.iitg.ac.in/', SHEET_LINK_MESSAGES.notASheetPage],
    ['plain http elsewhere', 'http://cdn.digialm.com/per/g01/sheet.html', SHEET_LINK_MESSAGES.notHttps],
  ])('refuses %s before asking for an e-mail, and mails nothing for it', async (what, link, message) => {
    const refusedAddress = `kiran.${what.replaceAll(/\W+/g, '-')}@example.com`;
    expect(await check(link)).toMatchObject({ status: 400, body: { message } });
    const send = await postJson(`${server.url}/api/data/send-verification`, { link, email: refusedAddress });
    expect(send).toMatchObject({ status: 400, body: { message } });
    // A real mail would have arrived by the time a later one did: send one that is allowed, and look.
    const allowedAddress = `later.${refusedAddress}`;
    await postJson(`${server.url}/api/data/send-verification`, { link: linkOf(10), email: allowedAddress });
    await mailTo(allowedAddress);
    expect(mailsTo(refusedAddress)).toEqual([]);
  });
});
