import { createHash } from 'node:crypto';
import type { DocumentCollection } from '../collection';
import { DuplicateError, type ScoreAlert, type ScoreAlertRepository } from '../types';
import { normaliseEmail } from './users';

/** A score alert as stored: its id is the document's id. */
export type ScoreAlertDoc = Omit<ScoreAlert, 'id'> & { _id: string };

const toAlert = ({ _id, ...alert }: ScoreAlertDoc): ScoreAlert => ({ id: _id, ...alert });

/**
 * One alert per result and address: `<result id>.<hash of the address>` (the address itself stays out of ids, which
 * travel in unsubscribe links).
 */
export function alertIdOf(resultId: string, email: string): string {
  return `${resultId}.${createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 16)}`;
}

export function scoreAlertRepository(alerts: DocumentCollection<ScoreAlertDoc>): ScoreAlertRepository {
  async function find(id: string) {
    const doc = await alerts.findOne({ _id: id });
    return doc && toAlert(doc);
  }

  return {
    async subscribe({ email, ...fields }, now = new Date()) {
      const id = alertIdOf(fields.resultId, email);
      const existing = await find(id);
      if (existing?.active) return existing;
      const started = { ...fields, email: normaliseEmail(email), active: true, updatedAt: now };
      if (existing) {
        await alerts.updateOne({ _id: id }, { $set: started });
        return { ...existing, ...started };
      }
      try {
        await alerts.insertOne({ _id: id, ...started, createdAt: now });
        return { id, ...started, createdAt: now };
      } catch (error) {
        // The candidate asked twice at once: the other request turned it on.
        if (!(error instanceof DuplicateError)) throw error;
        return (await find(id)) ?? Promise.reject(error);
      }
    },
    async unsubscribe(id, now = new Date()) {
      if (!(await alerts.updateOne({ _id: id }, { $set: { active: false, updatedAt: now } }))) return null;
      return find(id);
    },
    find,
    async listActive(paperId) {
      return (await alerts.find({ paperId, active: true })).map(toAlert);
    },
    async activePaperIds() {
      const docs = await alerts.project({ active: true }, ['paperId']);
      return [...new Set(docs.map((doc) => doc.paperId))].sort();
    },
    async markTold(id, { toldTotal, toldVersion }, now = new Date()) {
      await alerts.updateOne({ _id: id }, { $set: { toldTotal, toldVersion, updatedAt: now } });
    },
  };
}
