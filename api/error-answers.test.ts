import { describe, expect, it } from 'vitest';
import { GateError } from '../src/domain/gate';
import { answerOf } from './error-answers';
import { EmailTakenError, InvalidResetTokenError } from './features/accounts/account-service';
import { KeyRefused } from './features/admin/answer-keys';
import { PaperNotLiveError } from './features/checker/checker-service';
import { ResendTooSoonError } from './features/checker/verification-service';
import { OfficialResultRefused } from './features/official-results/official-results';
import { PaperRefused } from './papers';

const answer = (error: unknown) => {
  const answered = answerOf(error);
  return answered && { status: answered.status, code: answered.code, message: answered.message, ...answered.extra };
};

describe('what each domain error answers', () => {
  it('a sheet or paper the engine refuses is 422, a key it cannot read 400, each with its own code', () => {
    expect(answer(new GateError('WRONG_PAPER', 'This response sheet is for EE, not CS.'))).toEqual({
      status: 422,
      code: 'WRONG_PAPER',
      message: 'This response sheet is for EE, not CS.',
    });
    expect(answer(new GateError('INVALID_KEY', "The answer key 'Z' is not a valid MCQ key."))).toMatchObject({
      status: 400,
      code: 'INVALID_KEY',
    });
  });

  it("a key the admin must correct names the field it came in, with the engine's code where the engine refused it", () => {
    expect(answer(new KeyRefused('Question 80782017205 has no option E.'))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Question 80782017205 has no option E.',
    });
    expect(answer(new KeyRefused('No answer-key rows were found.', 'rows', 'INVALID_KEY'))).toEqual({
      status: 400,
      code: 'INVALID_KEY',
      message: 'No answer-key rows were found.',
      errors: { rows: 'No answer-key rows were found.' },
    });
  });

  it('a paper not scoring yet is 409 with why; one that contradicts a stored paper is a 409 conflict', () => {
    expect(answer(new PaperNotLiveError('GATE 2026 CS 1 has 64 of 65 keys.', 'KEY_INCOMPLETE'))).toMatchObject({
      status: 409,
      code: 'KEY_INCOMPLETE',
    });
    expect(answer(new PaperRefused('Another paper holds these questions.'))).toMatchObject({
      status: 409,
      code: 'PAPER_CONFLICT',
    });
  });

  it('an official result refused answers what the candidate can do about it', () => {
    expect(answer(new OfficialResultRefused('NO_RESULT', 'No scorecard with this id is stored here.'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No scorecard with this id is stored here.',
    });
    expect(answer(new OfficialResultRefused('VERIFICATION_REQUIRED', 'Verify first.'))).toMatchObject({ status: 403 });
    expect(answer(new OfficialResultRefused('ALREADY_REPORTED', 'One per result.'))).toMatchObject({ status: 409 });
    const problems = [{ field: 'rank' as const, message: 'No rank is that far from the marks.' }];
    expect(answer(new OfficialResultRefused('OFFICIAL_RESULT_IMPLAUSIBLE', 'Implausible.', problems))).toEqual({
      status: 422,
      code: 'OFFICIAL_RESULT_IMPLAUSIBLE',
      message: 'Implausible.',
      problems,
    });
  });

  it('a second verification mail within the cool-down says when to ask again, in the body and Retry-After', () => {
    const answered = answerOf(new ResendTooSoonError(41_200));
    expect(answered).toMatchObject({ status: 429, code: 'RESEND_TOO_SOON', extra: { retryAfterSeconds: 42 } });
    expect(answered?.headers).toEqual({ 'Retry-After': '42' });
  });

  it("an account's refusals carry the spec's notify.message", () => {
    expect(answer(new EmailTakenError('Email already exists'))).toEqual({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'Email already exists',
      notify: { message: 'Email already exists' },
    });
    expect(answer(new InvalidResetTokenError())).toMatchObject({
      status: 401,
      code: 'INVALID_RESET_LINK',
      notify: { message: 'This reset link is invalid or has expired. Please request a new one.' },
    });
  });

  it('leaves any other error to jsonErrors, which answers it as a fault of ours', () => {
    expect(answerOf(new Error('a bug'))).toBeUndefined();
  });
});
