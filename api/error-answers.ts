import { isGateError, isSectionChoiceError, type GateErrorCode } from '../src/domain/gate';
import { AccessRevokedError } from './access/scorecard-access';
import { EmailTakenError, InvalidResetTokenError } from './features/accounts/account-service';
import { PaperNotLiveError } from './features/checker/checker-service';
import { HttpError, notifyingError } from './http/errors';
import { PaperRefused } from './papers';

/** The engine's refusal of a key is the request's fault; of a sheet or a paper, content it cannot use. */
const KEY_REFUSALS: ReadonlySet<GateErrorCode> = new Set(['INVALID_KEY']);

/**
 * The one table of what a domain error answers: its status, its code and the fields a client reads beside the
 * message. The engine and the services throw these errors as they are; jsonErrors asks here before it answers.
 */
export function answerOf(error: unknown): HttpError | undefined {
  if (isSectionChoiceError(error)) {
    return new HttpError(422, error.message, { code: error.code, choice: error.question });
  }
  if (isGateError(error)) {
    return new HttpError(KEY_REFUSALS.has(error.code) ? 400 : 422, error.message, { code: error.code });
  }
  if (error instanceof PaperNotLiveError) return new HttpError(409, error.message, { code: error.code });
  if (error instanceof PaperRefused) return new HttpError(409, error.message, { code: 'PAPER_CONFLICT' });
  if (error instanceof EmailTakenError) return notifyingError(409, 'EMAIL_TAKEN', error.message);
  if (error instanceof AccessRevokedError) return new HttpError(403, error.message, { code: error.code });
  if (error instanceof InvalidResetTokenError) return notifyingError(401, 'INVALID_RESET_LINK', error.message);
  return undefined;
}
