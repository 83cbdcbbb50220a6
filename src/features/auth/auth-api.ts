import { api, ApiError, CLIENT_CODE } from '../../lib/api';
import { sharedSignUpProblem } from '../../domain/validation/accounts';
import { LOGIN_FAILED_MESSAGE } from './auth-state';
import type { AuthStore } from './auth-store';

/** Browser-side account API calls; each returns what its screen needs to decide the next step. */

const clientHeader = (clientCode = CLIENT_CODE) => ({ 'x-client-code': clientCode });

/** A one-time invitation left by an invite link: `token`, and `key` holding the client code it belongs to. */
const INVITATION_TOKEN_KEY = 'token';
const INVITATION_CLIENT_KEY = 'key';

/** Thrown when the shared pre-call check fails; its message is the toast text. */
export class SignUpCheckError extends Error {}

export type SignUpOutcome = 'created' | 'email-exists';

export async function signUp(fields: { email: string; name: string; password: string }): Promise<SignUpOutcome> {
  const problem = sharedSignUpProblem(fields.email, fields.name);
  if (problem) throw new SignUpCheckError(problem);
  const token = localStorage.getItem(INVITATION_TOKEN_KEY) ?? undefined;
  try {
    await api.call('signUp', {
      headers: clientHeader(),
      body: { email: fields.email.trim(), firstName: fields.name.trim(), password: fields.password, token },
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') return 'email-exists';
    throw error;
  }
  if (token && localStorage.getItem(INVITATION_CLIENT_KEY) === CLIENT_CODE) {
    localStorage.removeItem(INVITATION_TOKEN_KEY);
    localStorage.removeItem(INVITATION_CLIENT_KEY);
  }
  return 'created';
}

/** The account login thunk: pending → fulfilled with userData, or rejected with the spec's one message. */
export async function loginUser(store: AuthStore, credentials: { username: string; password: string }) {
  store.dispatch({ type: 'login/pending' });
  try {
    const response = await api.call('logIn', { headers: clientHeader(), body: credentials });
    store.dispatch({ type: 'login/fulfilled', userData: response.data });
    if (typeof response.data.userType === 'string') {
      store.dispatch({ type: 'setUserType', userType: response.data.userType });
    }
    return true;
  } catch {
    store.dispatch({ type: 'login/rejected', error: LOGIN_FAILED_MESSAGE });
    return false;
  }
}

export function checkAdminCredentials(credentials: { email: string; password: string }) {
  return api.call('checkCredentials', { basic: credentials });
}

export function resetPassword(
  fields: { email: string; pwd: string; cnfpwd: string },
  resetToken: string,
  clientCode: string | undefined,
) {
  return api.call('resetPassword', {
    headers: { ...clientHeader(clientCode || CLIENT_CODE), Authorization: `Bearer ${resetToken}` },
    body: { ...fields, token: resetToken },
  });
}

export function requestPasswordReset(email: string) {
  return api.call('forgotPassword', {
    headers: clientHeader(),
    body: { email: email.trim() },
  });
}

/** The server's `notify.message`, else its plain message, else the caller's fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body as { notify?: { message?: string }; message?: string } | null;
    return body?.notify?.message || body?.message || fallback;
  }
  return fallback;
}
