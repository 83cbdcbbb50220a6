import { SignJWT } from 'jose';
import type { User } from '../../store/types';

export const ACCESS_TOKEN_LIFETIME = '12h';
export const ACCESS_TOKEN_ISSUER = 'hiregate';

/** A signed (HS256), expiring access token naming the user and their type. */
export function issueAccessToken(user: Pick<User, 'id' | 'email' | 'userType'>, secret: string): Promise<string> {
  return new SignJWT({ email: user.email, userType: user.userType })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setIssuedAt()
    .setExpirationTime(ACCESS_TOKEN_LIFETIME)
    .sign(new TextEncoder().encode(secret));
}
