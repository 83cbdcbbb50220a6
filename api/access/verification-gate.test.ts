import type { Context } from 'koa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GateError } from '../../src/domain/gate';
import { buildStore, type BuiltStore } from '../../test/support/builders';
import {
  createScorecardAccess,
  signAccessToken,
  type ScorecardAccess,
  type VerificationSubject,
} from './scorecard-access';
import { createVerificationGate, type VerificationGate } from './verification-gate';

const SECRET = 'a-secret-of-enough-length';
const LINK = 'https://cdn.digialm.com/per/g01/pub/585/x/CS26S42101001_GATE.html';
const CONFIG = {
  secret: SECRET,
  responseSheetHosts: ['cdn.digialm.com'],
  appOrigin: 'https://hiregate.example',
  requireEmailVerification: true,
  accessLifetimeMs: 30 * 24 * 60 * 60 * 1000,
};

const candidate = { state: {}, host: 'hiregate.example' } as unknown as Context;
const administrator = { state: { admin: { id: 'u1', email: 'admin@example.com' } }, host: 'hiregate.example' } as never;
const nothingRefused = () => Promise.resolve();

describe('the verification gate before a scorecard', () => {
  let built: BuiltStore;
  let gate: VerificationGate;
  let access: ScorecardAccess;
  /** A device's access token, once its address verified the subject. */
  const deviceVerified = async (email: string, subject: VerificationSubject) => {
    await built.store.verifications.markVerified(access.subjectKey(subject), email);
    return signAccessToken(SECRET, email);
  };

  beforeEach(async () => {
    built = await buildStore();
    access = createScorecardAccess(CONFIG, built.store);
    gate = createVerificationGate(CONFIG, access, { refusalOf: () => undefined });
  });
  afterEach(() => built.close());

  it('asks a candidate without a verified address to verify, and lets an administrator through', async () => {
    await expect(gate.emailForLink(candidate, { link: LINK }, nothingRefused)).rejects.toMatchObject({
      status: 403,
      message: 'Please Verify Your Email',
      extra: { code: 'VERIFICATION_REQUIRED', verificationRequired: true },
    });
    await expect(gate.emailForLink(administrator, { link: LINK }, nothingRefused)).resolves.toBeNull();
  });

  it('gives the address this device verified for the link', async () => {
    const device = await deviceVerified('asha@example.com', { link: LINK });
    await expect(gate.emailForLink(candidate, { link: LINK, access: device }, nothingRefused)).resolves.toBe(
      'asha@example.com',
    );
  });

  it('says what the link or the sheet refuses before it asks for an e-mail', async () => {
    await expect(gate.emailForLink(candidate, { link: 'not a link' }, nothingRefused)).rejects.toMatchObject({
      status: 400,
    });
    const wrongPaper = new GateError('WRONG_PAPER', 'This response sheet is for EE, not CS.');
    await expect(gate.emailForLink(candidate, { link: LINK }, () => Promise.reject(wrongPaper))).rejects.toBe(
      wrongPaper,
    );
  });

  it('names the upload to verify an e-mail for, and opens a stored result only to a device verified for it', async () => {
    await expect(gate.emailForUpload('r1', undefined)).rejects.toMatchObject({
      status: 403,
      extra: { upload: 'r1', verificationRequired: true },
    });
    const device = await deviceVerified('asha@example.com', { upload: 'r1' });
    await expect(gate.emailForUpload('r1', device)).resolves.toBe('asha@example.com');
    const upload = { id: 'r1', uploaded: true as const };
    await expect(gate.assertMaySee(candidate, upload, device)).resolves.toBeUndefined();
    await expect(gate.assertMaySee(candidate, { ...upload, id: 'r2' }, device)).rejects.toMatchObject({
      extra: { upload: 'r2' },
    });
    await expect(gate.assertMaySee(administrator, { ...upload, id: 'r2' }, undefined)).resolves.toBeUndefined();
  });
});
