import type { Context } from 'koa';
import { sheetLinkProblem } from '../../src/domain/validation/score-request';
import { VERIFICATION_MESSAGES } from '../../src/contract/checker-requests';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import type { SheetLoader } from '../sheets/sheet-loader';
import type { Result } from '../store';
import type { ScorecardAccess } from './scorecard-access';

/** Who may see a stored result's scorecard (and what hangs off it, such as its disputes). */
export interface ScorecardViewGate {
  needsVerification(ctx: Context): boolean;
  /** Refuses a stored result's scorecard to a device that verified no address for it, where one is needed. */
  assertMaySee(ctx: Context, result: Pick<Result, 'id' | 'link' | 'uploaded'>, accessToken?: string): Promise<void>;
}

/** Who may see a scorecard without a verified e-mail: everyone when verification is off, and an administrator. */
export interface VerificationGate extends ScorecardViewGate {
  /**
   * A link that cannot be a response sheet (the modal's own rule), or that the fetcher would never read (not a
   * response-sheet host), is refused before anyone is asked for an e-mail or mailed: verifying an address for it
   * would lead nowhere.
   */
  assertSheetLink(ctx: Context, link: string): void;
  /**
   * The address this device verified for the link, or null where none is needed. Where one is needed and missing,
   * the link and then `refuseBeforeEmail` (what the sheet itself refuses) speak first, then 'Please Verify Your Email'.
   */
  emailForLink(
    ctx: Context,
    request: { link: string; access?: string },
    refuseBeforeEmail: () => Promise<void>,
  ): Promise<string | null>;
  /** The address this device verified for a stored upload; else the 403 names the upload to verify an e-mail for. */
  emailForUpload(uploadId: string, accessToken: string | undefined): Promise<string>;
}

/** An administrator's request (the admin guard vouched for it): never asked to verify, nor limited as a candidate. */
export const isAdmin = (ctx: Context) => Boolean(ctx.state.admin);

const verifyFirst = (extra: Record<string, unknown> = {}) =>
  new HttpError(403, VERIFICATION_MESSAGES.verifyFirst, {
    code: 'VERIFICATION_REQUIRED',
    verificationRequired: true,
    ...extra,
  });

export function createScorecardViewGate(
  config: Pick<Config, 'requireEmailVerification'>,
  access: ScorecardAccess,
): ScorecardViewGate {
  const needsVerification = (ctx: Context) => config.requireEmailVerification && !isAdmin(ctx);
  return {
    needsVerification,
    async assertMaySee(ctx, result, accessToken) {
      if (needsVerification(ctx) && !(await access.verifiedEmailOf(result, accessToken))) {
        throw verifyFirst(result.uploaded ? { upload: result.id } : {});
      }
    },
  };
}

/**
 * The checker's calls ask for an e-mail verified on this device before they show a scorecard. The configured origin
 * serves the demo's sample sheets (never the request's Origin header).
 */
export function createVerificationGate(
  config: Pick<Config, 'requireEmailVerification' | 'appOrigin'>,
  access: ScorecardAccess,
  sheets: Pick<SheetLoader, 'refusalOf'>,
): VerificationGate {
  const view = createScorecardViewGate(config, access);
  const needsVerification = (ctx: Context) => view.needsVerification(ctx);

  function assertSheetLink(ctx: Context, link: string): void {
    const problem = sheetLinkProblem(link, [config.appOrigin]) ?? sheets.refusalOf(link, { host: ctx.host });
    if (problem) throw new HttpError(400, problem);
  }

  return {
    ...view,
    assertSheetLink,

    async emailForLink(ctx, { link, access: accessToken }, refuseBeforeEmail) {
      const verifiedEmail = await access.verifiedEmail({ link }, accessToken);
      if (needsVerification(ctx) && !verifiedEmail) {
        assertSheetLink(ctx, link);
        await refuseBeforeEmail();
        throw verifyFirst();
      }
      return verifiedEmail;
    },

    async emailForUpload(uploadId, accessToken) {
      const verifiedEmail = await access.verifiedEmail({ upload: uploadId }, accessToken);
      if (!verifiedEmail) throw verifyFirst({ upload: uploadId });
      return verifiedEmail;
    },
  };
}
