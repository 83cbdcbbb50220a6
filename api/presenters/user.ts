import type { User } from '../store';
import type { DoneAnswer, LogInAnswer, ProfileAnswer, SessionAnswer, SignUpAnswer } from '../../src/contract';

/** What an account call tells about a user: never the password hash. */
export function presentProfile(user: User): ProfileAnswer {
  return { id: user.id, email: user.email, firstName: user.firstName, userType: user.userType };
}

/** A sign-in's answer: the profile and the token the app sends with later calls. */
export function presentSession(user: User, accessToken: string): SessionAnswer {
  return { ...presentProfile(user), accessToken };
}

/** The account calls keep the spec's envelopes: sign-up's `{success, message, data}`, */
export const presentSignedUp = (user: User, message: string): SignUpAnswer => ({
  success: true,
  message,
  data: presentProfile(user),
});

/** sign-in's `{status, data}`, */
export const presentLoggedIn = (session: SessionAnswer): LogInAnswer => ({ status: 'SUCCESS', data: session });

/** and the calls that only say they were done (forgot, reset, check-credentials): `{success, message}`. */
export const presentDone = (message: string): DoneAnswer => ({ success: true, message });
