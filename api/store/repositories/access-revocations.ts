import type { DocumentCollection } from '../collection';
import { DuplicateError, type AccessRevocationRepository } from '../types';

export interface AccessRevocationDoc {
  /** Whose tokens: `device:<id>` or `address:<digest>` (never the address itself). */
  _id: string;
  /** Every token of this holder issued at or before this time is refused. */
  before: Date;
  /** When the last token it refuses expires: the record is of no use after that. */
  until: Date;
}

export function accessRevocationRepository(
  revocations: DocumentCollection<AccessRevocationDoc>,
): AccessRevocationRepository {
  return {
    async revoke(holder, before, until) {
      try {
        await revocations.insertOne({ _id: holder, before, until });
      } catch (error) {
        if (!(error instanceof DuplicateError)) throw error;
        // A later revocation moves the line forward; an earlier one (another instance's, arriving late) changes nothing.
        await revocations.updateOne({ _id: holder, before: { $lt: before } }, { $set: { before, until } });
      }
    },
    async revokedBefore(holders) {
      const found = await revocations.find({ _id: { $in: [...holders] } });
      const times = found.map((doc) => doc.before.getTime());
      return times.length === 0 ? null : new Date(Math.max(...times));
    },
    forgetExpired: (now = new Date()) => revocations.deleteMany({ until: { $lt: now } }),
  };
}
