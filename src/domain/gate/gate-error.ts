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
  | 'UNREADABLE_PDF'
  | 'UNKNOWN_PAPER'
  | 'SECTION_CHOICE_NEEDED';

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

/** A sheet whose image names or Question IDs contradict each other: no paper can be built from it. */
export function untrustedPaper(reason: string): GateError {
  return new GateError('UNTRUSTED_PAPER', `This sheet cannot be used as the master paper: ${reason}.`);
}
