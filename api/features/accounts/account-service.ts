import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { DuplicateError, type Store, type User } from '../../store/types';
import { presentSession } from '../../presenters';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { issueAccessToken } from './access-token';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** What the accounts feature works with. */
export interface AccountDeps {
  store: Store;
  config: Pick<Config, 'secret' | 'appOrigin' | 'clientCode'>;
  logger: Logger;
  mailer: Mailer;
}

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.';

export class EmailTakenError extends Error {}
export class InvalidResetTokenError extends Error {
  constructor() {
    super(INVALID_RESET_LINK);
  }
}

/** Only the token's hash is stored, so a leaked database cannot be used to reset anyone's password. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The e-mail address and password of a user, checked in constant time whether or not the address exists. */
export async function authenticate(
  { users }: Pick<Store, 'users'>,
  email: string,
  password: string,
): Promise<User | null> {
  const user = await users.findByEmail(email);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  return user && matches ? user : null;
}

export async function signUp(services: AccountDeps, fields: { email: string; firstName: string; password: string }) {
  try {
    const user = await services.store.users.create({
      email: fields.email,
      firstName: fields.firstName,
      passwordHash: await hashPassword(fields.password),
      userType: 'user',
    });
    services.logger.info({ userId: user.id }, 'account created');
    return user;
  } catch (error) {
    if (error instanceof DuplicateError) throw new EmailTakenError('Email already exists');
    throw error;
  }
}

export async function logIn(services: AccountDeps, username: string, password: string) {
  const user = await authenticate(services.store, username, password);
  if (!user) return null;
  return presentSession(user, await issueAccessToken(user, services.config.secret));
}

/**
 * E-mails a single-use link valid for an hour when the address has an account; silent otherwise, so the answer
 * never tells whether an address is registered. Sending happens after the response so timing does not tell either.
 */
export async function requestPasswordReset(services: AccountDeps, email: string): Promise<void> {
  const user = await services.store.users.findByEmail(email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await services.store.resetTokens.create({
    tokenHash: hashResetToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  });
  const { appOrigin, clientCode } = services.config;
  const link = `${appOrigin}/pwdreset/${token}?clientCode=${encodeURIComponent(clientCode)}`;
  services.mailer
    .send({
      to: user.email,
      subject: 'Reset your HireGate password',
      text: [
        `Hello ${user.firstName},`,
        '',
        'Someone (hopefully you) asked to reset the password of your HireGate account. Open this link to choose a new one:',
        link,
        '',
        'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    })
    .catch((error: unknown) => services.logger.error({ err: error, userId: user.id }, 'reset e-mail failed'));
}

/** The token is burnt only once the e-mail names an account, so a typo in the address does not waste the link. */
export async function resetPassword(services: AccountDeps, token: string, email: string, password: string) {
  const user = await services.store.users.findByEmail(email);
  if (!user) throw new InvalidResetTokenError();
  const userId = await services.store.resetTokens.consume(hashResetToken(token));
  if (userId !== user.id) throw new InvalidResetTokenError();
  await services.store.users.updatePassword(user.id, await hashPassword(password));
  services.logger.info({ userId: user.id }, 'password reset');
}

/** Creates the admin, or makes an existing account an admin with this password. */
export async function ensureAdmin(
  services: Pick<AccountDeps, 'store'>,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await services.store.users.findByEmail(email);
  if (existing) {
    await services.store.users.updatePassword(existing.id, passwordHash);
    await services.store.users.setUserType(existing.id, 'admin');
    return 'updated';
  }
  await services.store.users.create({ email, firstName: 'Administrator', passwordHash, userType: 'admin' });
  return 'created';
}
