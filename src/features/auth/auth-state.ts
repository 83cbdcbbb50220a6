/**
 * The auth slice as a plain reducer: userData (holds accessToken once signed in), userType, status and
 * error. Kept free of React so it can be tested and persisted on its own.
 */

export type AuthStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface UserData {
  accessToken?: string;
  [field: string]: unknown;
}

export interface AuthState {
  userData: UserData | null;
  userType: string | null;
  status: AuthStatus;
  error: string | null;
}

export type AuthAction =
  | { type: 'login/pending' }
  | { type: 'login/fulfilled'; userData: UserData }
  | { type: 'login/rejected'; error: string }
  | { type: 'logout' }
  /** Identity-provider and professional-network sign-in or sign-up: the provider already vouched for the user. */
  | { type: 'identityProvider/signedIn'; userData: UserData }
  | { type: 'professionalNetwork/signedIn'; userData: UserData }
  | { type: 'setUserType'; userType: string | null }
  | { type: 'rehydrate'; state: AuthState };

export const initialAuthState: AuthState = { userData: null, userType: null, status: 'idle', error: null };

export const LOGIN_FAILED_MESSAGE = 'Username or password is incorrect.';

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'login/pending':
      return { ...state, status: 'loading', error: null };
    case 'login/fulfilled':
    case 'identityProvider/signedIn':
    case 'professionalNetwork/signedIn':
      return { ...state, userData: action.userData, status: 'succeeded', error: null };
    case 'login/rejected':
      return { ...state, status: 'failed', error: action.error };
    case 'logout':
      return { ...state, userData: null, userType: null, error: null, status: 'idle' };
    case 'setUserType':
      return { ...state, userType: action.userType };
    case 'rehydrate':
      return action.state;
  }
}

export function hasAccessToken(state: AuthState): boolean {
  return typeof state.userData?.accessToken === 'string' && state.userData.accessToken !== '';
}
