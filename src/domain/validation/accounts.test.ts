import { describe, expect, it } from 'vitest';
import { adminLoginSchema, resetPasswordRequestSchema, sharedSignUpProblem, signUpFormSchema } from './accounts';

const firstMessage = (schema: typeof signUpFormSchema, field: string, values: Record<string, string>) => {
  try {
    schema.validateSyncAt(field, values);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('account validation rules', () => {
  const valid = { name: 'Asha', email: 'asha@example.com', password: 'Strong#Pass1' };

  it('accepts a complete, valid sign-up', () => {
    expect(signUpFormSchema.isValidSync(valid)).toBe(true);
  });

  it.each([
    ['password', 'strong#pass1', 'Must contain a capital letter'],
    ['password', 'Strong#Pass', 'Must contain a number digit'],
    ['password', 'StrongPass1', 'Must contain a special character'],
    ['password', 'S#1a', 'Must be at least 8 characters long'],
    ['password', 'Strong#Pass1'.padEnd(30, 'x'), 'Must be less than 30 characters long'],
    ['name', '  ', 'This field is required'],
    ['email', 'asha@example.c', 'Email is not valid'],
  ])('gives %s "%s" the message "%s"', (field, value, message) => {
    expect(firstMessage(signUpFormSchema, field, { ...valid, [field]: value })).toBe(message);
  });

  it('allows exactly 29 characters and the spec’s special characters only', () => {
    expect(signUpFormSchema.isValidSync({ ...valid, password: 'Strong#Pass1'.padEnd(29, 'x') })).toBe(true);
    expect(firstMessage(signUpFormSchema, 'password', { ...valid, password: 'Strong-Pass1' })).toBe(
      'Must contain a special character',
    );
  });

  it('keeps the reset screen’s spelling of the too-long message and requires matching passwords', () => {
    const long = 'Strong#Pass1'.padEnd(30, 'x');
    expect(() => {
      resetPasswordRequestSchema.validateSyncAt('pwd', { pwd: long });
    }).toThrow('Must be less than 30 chatacters long');
    expect(() =>
      resetPasswordRequestSchema.validateSync({ email: 'a@b.co', pwd: 'Strong#Pass1', cnfpwd: 'Strong#Pass2' }),
    ).toThrow("Confirm Password didn't match.");
  });

  it('asks only for a valid e-mail and some password on admin login', () => {
    expect(adminLoginSchema.isValidSync({ email: 'admin@hiregate.test', password: 'x' })).toBe(true);
    expect(() => adminLoginSchema.validateSync({ email: 'admin@hiregate.test', password: '' })).toThrow(
      'This field is required',
    );
  });

  it('runs the shared pre-call check: empty fields first, then the e-mail pattern', () => {
    expect(sharedSignUpProblem('', 'Asha')).toBe('Fill all fields');
    expect(sharedSignUpProblem('asha@example.com', ' ')).toBe('Fill all fields');
    expect(sharedSignUpProblem('asha@example', 'Asha')).toBe('Not Valid Email');
    expect(sharedSignUpProblem('asha@example.com', 'Asha')).toBeNull();
  });
});
