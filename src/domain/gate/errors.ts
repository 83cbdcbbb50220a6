/** Why a sheet, paper or key was refused; the API maps these codes to HTTP answers and shows `message` as is. */
export type GateErrorCode =
  | 'EMPTY_PAGE'
  | 'LOGIN_PAGE'
  | 'NOT_A_RESPONSE_SHEET'
  | 'MALFORMED_SHEET'
  | 'UNREADABLE_IMAGE_NAMES'
  | 'UNTRUSTED_PAPER'
  | 'WRONG_PAPER'
  | 'PAPER_MISMATCH'
  | 'INVALID_KEY'
  | 'UNREADABLE_PDF';

/** An error whose message is written for the person who pasted the link or uploaded the file. */
export class GateError extends Error {
  readonly code: GateErrorCode;

  constructor(code: GateErrorCode, message: string) {
    super(message);
    this.name = 'GateError';
    this.code = code;
  }
}

export function isGateError(error: unknown): error is GateError {
  return error instanceof GateError;
}
