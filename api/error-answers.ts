import type { ApiCode } from '../src/contract/codes';
import { isGateError, isSectionChoiceError, type GateErrorCode } from '../src/domain/gate';
import { AccessRevokedError } from './access/scorecard-access';
import { EmailTakenError, InvalidResetTokenError } from './features/accounts/account-service';
import { KeyRefused } from './features/admin/answer-keys';
import { PaperNotLiveError } from './features/checker/checker-service';
import { ResendTooSoonError } from './features/checker/verification-service';
import { OfficialResultRefused, type OfficialResultRefusalCode } from './features/official-results/official-results';
import { HttpError, notifyingError } from './http/errors';
import { PaperRefused } from './papers';

/**
 * The engine's refusals answer by their code, the same in every call: a sheet or a paper it cannot use is content it
 * cannot process (422); a key it cannot read is a refused field of the request (400, as `validate` refuses one).
 */
const GATE_STATUS: Record<GateErrorCode, 400 | 422> = {
  EMPTY_PAGE: 422,
  LOGIN_PAGE: 422,
  NOT_A_RESPONSE_SHEET: 422,
  MALFORMED_SHEET: 422,
  UNREADABLE_IMAGE_NAMES: 422,
  UNTRUSTED_PAPER: 422,
  WRONG_PAPER: 422,
  PAPER_MISMATCH: 422,
  UNREADABLE_PDF: 422,
  UNKNOWN_PAPER: 422,
  SECTION_CHOICE_NEEDED: 422,
  INVALID_KEY: 400,
};

/** An official result refused: nothing to find 404, unverified 403, too early or twice 409, implausible 422. */
const OFFICIAL_RESULT_ANSWERS: Record<OfficialResultRefusalCode, { status: number; code: ApiCode }> = {
  NO_RESULT: { status: 404, code: 'NOT_FOUND' },
  NO_REPORT: { status: 404, code: 'NOT_FOUND' },
  VERIFICATION_REQUIRED: { status: 403, code: 'VERIFICATION_REQUIRED' },
  RESULTS_NOT_OUT: { status: 409, code: 'RESULTS_NOT_OUT' },
  ALREADY_REPORTED: { status: 409, code: 'ALREADY_REPORTED' },
  OFFICIAL_RESULT_IMPLAUSIBLE: { status: 422, code: 'OFFICIAL_RESULT_IMPLAUSIBLE' },
  NO_RANK_MODEL: { status: 422, code: 'NO_RANK_MODEL' },
  NO_PREDICTION: { status: 422, code: 'NO_PREDICTION' },
};

/**
 * The one table of what a domain error answers: its status, its code and the fields a client reads beside the
 * message. The engine and the services throw these errors as they are; jsonErrors asks here before it answers.
 */
export function answerOf(error: unknown): HttpError | undefined {
  if (isSectionChoiceError(error)) {
    return new HttpError(GATE_STATUS[error.code], error.message, { code: error.code, choice: error.question });
  }
  if (isGateError(error)) return new HttpError(GATE_STATUS[error.code], error.message, { code: error.code });
  if (error instanceof KeyRefused) {
    const errors = error.field ? { errors: { [error.field]: error.message } } : {};
    const status = error.code ? GATE_STATUS[error.code] : 400;
    return new HttpError(status, error.message, { code: error.code ?? 'VALIDATION_FAILED', ...errors });
  }
  if (error instanceof PaperNotLiveError) return new HttpError(409, error.message, { code: error.code });
  if (error instanceof PaperRefused) return new HttpError(409, error.message, { code: 'PAPER_CONFLICT' });
  if (error instanceof OfficialResultRefused) {
    const { status, code } = OFFICIAL_RESULT_ANSWERS[error.reason];
    return new HttpError(status, error.message, { code, ...(error.problems ? { problems: error.problems } : {}) });
  }
  if (error instanceof ResendTooSoonError) {
    const seconds = error.retryAfterSeconds;
    const extra = { code: 'RESEND_TOO_SOON' as const, retryAfterSeconds: seconds };
    return new HttpError(429, error.message, extra, { 'Retry-After': String(seconds) });
  }
  if (error instanceof EmailTakenError) return notifyingError(409, 'EMAIL_TAKEN', error.message);
  if (error instanceof AccessRevokedError) return new HttpError(403, error.message, { code: error.code });
  if (error instanceof InvalidResetTokenError) return notifyingError(401, 'INVALID_RESET_LINK', error.message);
  return undefined;
}
