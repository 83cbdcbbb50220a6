import type { AccessRevokedAnswer, ErasedAnswer, ErasureRequestedAnswer } from '../../contract';
import { accessToken, api, forgetAccessToken } from '../../lib/api';
import { clearScorecards } from '../../lib/db';

/** What a signed-out or forgotten device keeps of the candidate: nothing, neither the token nor a saved scorecard. */
export async function forgetThisDevice(): Promise<void> {
  forgetAccessToken();
  await clearScorecards();
}

/** Signs this device out on the server (every instance refuses its token from now on), then forgets it here. */
export async function signOutDevice(): Promise<AccessRevokedAnswer> {
  const answer = await api.call('signOutDevice', { body: { access: accessToken() ?? '' } });
  await forgetThisDevice();
  return answer;
}

/** Mails the confirmation of "Forget me" to the address this device verified; nothing is deleted before it. */
export const askToForget = (): Promise<ErasureRequestedAnswer> =>
  api.call('forgetMe', { body: { access: accessToken() ?? '' } });

/** The mailed link followed: the server deletes the address's data and revokes its devices; this one forgets too. */
export async function confirmForget(token: string): Promise<ErasedAnswer> {
  const answer = await api.call('confirmForgetMe', { body: { token } });
  await forgetThisDevice();
  return answer;
}
