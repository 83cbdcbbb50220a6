import type { DocumentCollection } from '../collection';
import { DuplicateError, type ScoreAlert, type ScoreAlertRepository } from '../types';

/** A score alert as stored: its result's id is the document's id. */
export type ScoreAlertDoc = Omit<ScoreAlert, 'resultId'> & { _id: string };

const toAlert = ({ _id, ...alert }: ScoreAlertDoc): ScoreAlert => ({ resultId: _id, ...alert });

export function scoreAlertRepository(alerts: DocumentCollection<ScoreAlertDoc>): ScoreAlertRepository {
  async function find(resultId: string) {
    const doc = await alerts.findOne({ _id: resultId });
    return doc && toAlert(doc);
  }

  return {
    async subscribe({ resultId, ...fields }, now = new Date()) {
      const existing = await find(resultId);
      if (existing?.active && existing.email === fields.email) return existing;
      const started = { ...fields, active: true, updatedAt: now };
      if (existing) {
        await alerts.updateOne({ _id: resultId }, { $set: started });
        return { ...existing, ...started };
      }
      try {
        await alerts.insertOne({ _id: resultId, ...started, createdAt: now });
        return { resultId, ...started, createdAt: now };
      } catch (error) {
        // The candidate asked twice at once: the other request turned it on.
        if (!(error instanceof DuplicateError)) throw error;
        return (await find(resultId)) ?? Promise.reject(error);
      }
    },
    async unsubscribe(resultId, now = new Date()) {
      if (!(await alerts.updateOne({ _id: resultId }, { $set: { active: false, updatedAt: now } }))) return null;
      return find(resultId);
    },
    find,
    async listActive(paperSet) {
      return (await alerts.find({ paperSet, active: true })).map(toAlert);
    },
    async activePaperSets() {
      const docs = await alerts.project({ active: true }, ['paperSet']);
      return [...new Set(docs.map((doc) => doc.paperSet))].sort();
    },
    async markTold(resultId, { toldTotal, toldVersion }, now = new Date()) {
      await alerts.updateOne({ _id: resultId }, { $set: { toldTotal, toldVersion, updatedAt: now } });
    },
  };
}
