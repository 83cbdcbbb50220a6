import type { AccessRevokedAnswer, ErasedAnswer, ErasureRequestedAnswer } from '../../src/contract';
import type { ErasedData } from '../store/types';
import { maskedEmail } from '../mail/masked-email';
import { SHOWN_TO_CANDIDATE } from './score-alert';

export const presentAccessRevoked = (message: string): AccessRevokedAnswer => ({ message });

/** The address masked as the score-alert switch shows it: the device's owner recognises it, few others would. */
export const presentErasureRequested = (message: (masked: string) => string, email: string): ErasureRequestedAnswer => {
  const masked = maskedEmail(email, SHOWN_TO_CANDIDATE);
  return { message: message(masked), email: masked };
};

export const presentErased = (message: string, erased: ErasedData): ErasedAnswer => ({ message, erased });
