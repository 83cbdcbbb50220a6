import { object, ref, string } from 'yup';
import { atMost, plainText } from './text';

/**
 * Account form rules (sign-up, sign-in, password reset), shared by the web forms and the API handlers so both give the same messages.
 * Order matters: yup reports the first failing test, and the spec lists the password rules in this order.
 */

export const REQUIRED = 'This field is required';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const SPECIAL_CHARACTERS = /[!@#$%^&*]/;

/** RFC 5321: a forward path holds at most 256 octets, brackets included, so an address has at most 254. */
export const MAX_EMAIL_LENGTH = 254;
/** Sign-in accepts any password an account could have, and no more: hashing megabytes would be work for nothing. */
export const MAX_PASSWORD_LENGTH = 128;
/** Reset tokens are 43 characters; anything much longer is not one. */
export const MAX_TOKEN_LENGTH = 128;

export const emailField = () =>
  plainText(
    string()
      .trim()
      .required(REQUIRED)
      .max(MAX_EMAIL_LENGTH, atMost(MAX_EMAIL_LENGTH))
      .matches(EMAIL_PATTERN, 'Email is not valid'),
  );

export const nameField = () =>
  plainText(
    string()
      .trim()
      .required(REQUIRED)
      .min(3, 'Must be at least 3 characters long')
      .max(29, 'Must be less than 30 characters long'),
  );

/** The reset screen spells the too-long message 'chatacters'; the spec keeps that typo, so we do. */
export const passwordField = (tooLongMessage = 'Must be less than 30 characters long') =>
  plainText(
    string()
      .required(REQUIRED)
      .matches(SPECIAL_CHARACTERS, 'Must contain a special character')
      .matches(/[A-Z]/, 'Must contain a capital letter')
      .matches(/[a-z]/, 'Must contain a small letter')
      .matches(/\d/, 'Must contain a number digit')
      .min(8, 'Must be at least 8 characters long')
      .max(29, tooLongMessage),
  );

/** A password typed to sign in: any account's password, so only its length and text rules. */
const signInPasswordField = () =>
  plainText(string().required(REQUIRED).max(MAX_PASSWORD_LENGTH, atMost(MAX_PASSWORD_LENGTH)));

const tokenField = () => plainText(string().max(MAX_TOKEN_LENGTH, atMost(MAX_TOKEN_LENGTH))).optional();

export const RESET_TOO_LONG = 'Must be less than 30 chatacters long';
export const PASSWORD_MISMATCH = "Confirm Password didn't match.";

export const signUpFormSchema = object({ name: nameField(), email: emailField(), password: passwordField() });

/** POST /api/signup body: the screen's name travels as firstName; token is an optional invitation. */
export const signUpRequestSchema = object({
  email: emailField(),
  firstName: nameField(),
  password: passwordField(),
  token: tokenField(),
});

export const adminLoginSchema = object({ email: emailField(), password: signInPasswordField() });

/** POST /auth/login body. */
export const loginRequestSchema = object({
  username: plainText(string().trim().required(REQUIRED).max(MAX_EMAIL_LENGTH, atMost(MAX_EMAIL_LENGTH))),
  password: signInPasswordField(),
});

export const resetPasswordFormSchema = object({
  email: emailField(),
  pwd: passwordField(RESET_TOO_LONG),
  cnfpwd: passwordField(RESET_TOO_LONG),
});

/** POST /api/auth/resetpwd body: the form's fields plus the reset token, and the two passwords must agree. */
export const resetPasswordRequestSchema = object({
  email: emailField(),
  pwd: passwordField(RESET_TOO_LONG),
  cnfpwd: passwordField(RESET_TOO_LONG).oneOf([ref('pwd')], PASSWORD_MISMATCH),
  token: tokenField(),
});

export const forgotPasswordSchema = object({ email: emailField() });

/**
 * The shared check run before a sign-up call: both fields filled, then a plausible address.
 * Returns the toast text, or null when the call may go ahead.
 */
export function sharedSignUpProblem(email: string, secondField: string): string | null {
  if (!email.trim() || !secondField.trim()) return 'Fill all fields';
  if (!EMAIL_PATTERN.test(email.trim())) return 'Not Valid Email';
  return null;
}

/** First message per field, for forms and for API error bodies. */
export function firstErrors(error: unknown): Record<string, string> {
  const inner = (error as { inner?: Array<{ path?: string; message: string }> }).inner ?? [];
  const errors: Record<string, string> = {};
  for (const item of inner) {
    if (item.path && !(item.path in errors)) errors[item.path] = item.message;
  }
  return errors;
}
