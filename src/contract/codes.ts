/**
 * The stable codes an answer carries beside its `message`: the API sets them, the web app branches on them. A message
 * is for people and may be reworded; a code, once published here, keeps its meaning.
 */
export const API_CODES = [
  // Any call: the generic failures (api/http/errors.ts gives them from the status when nothing finer applies).
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'STORE_UNAVAILABLE',
  'REQUEST_TIMEOUT',
  'INTERNAL_ERROR',
  // Accounts.
  'INVALID_CLIENT_CODE',
  'EMAIL_TAKEN',
  'INVALID_RESET_LINK',
  // E-mail verification and the device's proof of it.
  'VERIFICATION_REQUIRED',
  'VERIFICATION_SENT',
  'RESEND_TOO_SOON',
  'VERIFIED',
  'ALREADY_VERIFIED',
  'INVALID_TOKEN',
  'EXPIRED_TOKEN',
  // A device signed out, or every device of an address revoked or forgotten.
  'ACCESS_REVOKED',
  // The GATE portal, behind a link.
  'LINK_REFUSED',
  'PORTAL_UNREACHABLE',
  'PORTAL_BUSY',
  // The engine's refusals of a sheet, a paper or a key (src/domain/gate/gate-error.ts).
  'EMPTY_PAGE',
  'LOGIN_PAGE',
  'NOT_A_RESPONSE_SHEET',
  'MALFORMED_SHEET',
  'UNREADABLE_IMAGE_NAMES',
  'UNTRUSTED_PAPER',
  'WRONG_PAPER',
  'PAPER_MISMATCH',
  'INVALID_KEY',
  'UNREADABLE_PDF',
  'UNKNOWN_PAPER',
  'SECTION_CHOICE_NEEDED',
  // A paper that does not score candidates yet.
  'NO_PAPER',
  'NO_KEYS',
  'KEY_INCOMPLETE',
  'PAPER_RETIRED',
  // The admin's papers.
  'PAPER_CONFLICT',
  'NOT_A_DEMO_PAPER',
  // A candidate's official result added to a scorecard (docs/official-results.md).
  'RESULTS_NOT_OUT',
  'ALREADY_REPORTED',
  'OFFICIAL_RESULT_IMPLAUSIBLE',
  'NO_RANK_MODEL',
  'NO_PREDICTION',
  // Applying a disputed answer as a key change (docs/gate/disputes.md).
  'KEY_MOVED',
  'NO_LONGER_DISPUTED',
] as const;

/** The web app imports this type only: the list itself costs the candidate's bundle nothing. */
export type ApiCode = (typeof API_CODES)[number];
