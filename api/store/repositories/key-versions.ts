import type { DocumentCollection } from '../collection';
import { DuplicateError, type KeyVersion, type KeyVersionRepository } from '../types';

/** A key version as stored: one document per paper and version number. */
export interface KeyVersionDoc extends KeyVersion {
  _id: string;
}

const idOf = (paperId: string, version: number) => `${paperId}@${version}`;

function toKeyVersion({ _id: _ignored, ...version }: KeyVersionDoc): KeyVersion {
  return version;
}

export function keyVersionRepository(versions: DocumentCollection<KeyVersionDoc>): KeyVersionRepository {
  async function find(paperId: string, version: number) {
    const doc = await versions.findOne({ _id: idOf(paperId, version) });
    return doc && toKeyVersion(doc);
  }

  return {
    async record(version) {
      try {
        await versions.insertOne({ ...version, _id: idOf(version.paperId, version.version) });
        return version;
      } catch (error) {
        // Two instances recorded the same version at once: both saw the same keys, the first record stays.
        if (!(error instanceof DuplicateError)) throw error;
        const first = await find(version.paperId, version.version);
        if (!first) throw error;
        return first;
      }
    },
    find,
    async latest(paperId) {
      const [doc] = await versions.find({ paperId }, { sort: { version: -1 }, limit: 1 });
      return doc ? toKeyVersion(doc) : null;
    },
    async list(paperId) {
      return (await versions.find({ paperId }, { sort: { version: -1 } })).map(toKeyVersion);
    },
    async markAlertsPlanned(paperId, version, now = new Date()) {
      await versions.updateOne({ _id: idOf(paperId, version) }, { $set: { alertsPlannedAt: now } });
    },
  };
}
