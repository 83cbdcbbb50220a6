import type { DocumentCollection } from '../collection';
import type { ResetTokenRepository } from '../types';

export interface ResetTokenDoc {
  /** The token hash: a lookup by it is a lookup by primary key. */
  _id: string;
  userId: string;
  expiresAt: Date;
  usedAt?: Date;
}

/** Used and expired tokens are kept this long (for support questions), then purged on the next create. */
const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

export function resetTokenRepository(tokens: DocumentCollection<ResetTokenDoc>): ResetTokenRepository {
  return {
    async create({ tokenHash, userId, expiresAt }) {
      // The test server ignores TTL indexes, so old tokens are purged here instead.
      await tokens.deleteMany({ expiresAt: { $lt: new Date(Date.now() - KEEP_AFTER_EXPIRY_MS) } });
      await tokens.insertOne({ _id: tokenHash, userId, expiresAt });
    },
    async consume(tokenHash, now = new Date()) {
      // One conditional write decides: of any number of concurrent calls, only one can match.
      const claimed = await tokens.updateOne(
        { _id: tokenHash, usedAt: { $exists: false }, expiresAt: { $gt: now } },
        { $set: { usedAt: now } },
      );
      if (!claimed) return null;
      const token = await tokens.findOne({ _id: tokenHash });
      return token?.userId ?? null;
    },
  };
}
