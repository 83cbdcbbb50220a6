import type { DocumentCollection } from '../collection';
import { DuplicateError, type VerificationRepository } from '../types';
import { normaliseEmail } from './users';

export interface VerificationDoc {
  /** The link hash: one verification per response-sheet link. */
  _id: string;
  email: string;
  verifiedAt: Date;
}

export function verificationRepository(verifications: DocumentCollection<VerificationDoc>): VerificationRepository {
  return {
    async markVerified(linkHash, email, now = new Date()) {
      try {
        await verifications.insertOne({ _id: linkHash, email: normaliseEmail(email), verifiedAt: now });
        return { alreadyVerified: false };
      } catch (error) {
        if (error instanceof DuplicateError) return { alreadyVerified: true };
        throw error;
      }
    },
    async findVerified(linkHash) {
      const doc = await verifications.findOne({ _id: linkHash });
      return doc && { email: doc.email, verifiedAt: doc.verifiedAt };
    },
  };
}
