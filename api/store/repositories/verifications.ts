import type { DocumentCollection } from '../collection';
import { DuplicateError, type VerificationRepository } from '../types';
import { normaliseEmail } from './users';

export interface VerificationDoc {
  /** `<link hash> <e-mail>`: one verification per link and address. */
  _id: string;
  linkHash: string;
  email: string;
  verifiedAt: Date;
}

const idOf = (linkHash: string, email: string) => `${linkHash} ${normaliseEmail(email)}`;

export function verificationRepository(verifications: DocumentCollection<VerificationDoc>): VerificationRepository {
  return {
    async markVerified(linkHash, email, now = new Date()) {
      try {
        await verifications.insertOne({
          _id: idOf(linkHash, email),
          linkHash,
          email: normaliseEmail(email),
          verifiedAt: now,
        });
        return { alreadyVerified: false };
      } catch (error) {
        if (error instanceof DuplicateError) return { alreadyVerified: true };
        throw error;
      }
    },
    async isVerified(linkHash, email) {
      return (await verifications.findOne({ _id: idOf(linkHash, email) })) !== null;
    },
  };
}
