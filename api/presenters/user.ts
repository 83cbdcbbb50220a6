import type { User } from '../store';
import type { ProfileAnswer, SessionAnswer } from '../../src/contract';

/** What an account call tells about a user: never the password hash. */
export function presentProfile(user: User): ProfileAnswer {
  return { id: user.id, email: user.email, firstName: user.firstName, userType: user.userType };
}

/** A sign-in's answer: the profile and the token the app sends with later calls. */
export function presentSession(user: User, accessToken: string): SessionAnswer {
  return { ...presentProfile(user), accessToken };
}
