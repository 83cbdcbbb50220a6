import { boolean, object, string, type InferType } from 'yup';

/** What an account call tells about a user: never the password hash. */
export const profileAnswer = object({
  id: string().required(),
  email: string().required(),
  firstName: string().required(),
  userType: string()
    .oneOf(['user', 'admin'] as const)
    .required(),
}).noUnknown();
export type ProfileAnswer = InferType<typeof profileAnswer>;

/** A sign-in's profile with the token the app sends with later calls. */
export const sessionAnswer = profileAnswer.shape({ accessToken: string().required() });
export type SessionAnswer = InferType<typeof sessionAnswer>;

/** POST /api/signup (201). */
export const signUpAnswer = object({
  success: boolean()
    .oneOf([true] as const)
    .required(),
  message: string().required(),
  data: profileAnswer.required(),
}).noUnknown();
export type SignUpAnswer = InferType<typeof signUpAnswer>;

/** POST /auth/login: the spec's envelope. */
export const logInAnswer = object({
  status: string()
    .oneOf(['SUCCESS'] as const)
    .required(),
  data: sessionAnswer.required(),
}).noUnknown();
export type LogInAnswer = InferType<typeof logInAnswer>;

/** The account calls that only say they were done: forgot, reset, check-credentials. */
export const doneAnswer = object({
  success: boolean()
    .oneOf([true] as const)
    .required(),
  message: string().required(),
}).noUnknown();
export type DoneAnswer = InferType<typeof doneAnswer>;
