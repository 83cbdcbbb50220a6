import type { DocumentCollection } from '../collection';
import { DuplicateError, type KeyVersion, type KeyVersionRepository } from '../types';

/** A key version as stored: one document per paper set and version number. */
export interface KeyVersionDoc extends KeyVersion {
  _id: string;
}

const idOf = (paperSet: string, version: number) => `${paperSet}@${version}`;

function toKeyVersion({ _id: _ignored, ...version }: KeyVersionDoc): KeyVersion {
  return version;
}

export function keyVersionRepository(versions: DocumentCollection<KeyVersionDoc>): KeyVersionRepository {
  async function find(paperSet: string, version: number) {
    const doc = await versions.findOne({ _id: idOf(paperSet, version) });
    return doc && toKeyVersion(doc);
  }

  return {
    async record(version) {
      try {
        await versions.insertOne({ ...version, _id: idOf(version.paperSet, version.version) });
        return version;
      } catch (error) {
        // Two instances recorded the same version at once: both saw the same keys, the first record stays.
        if (!(error instanceof DuplicateError)) throw error;
        const first = await find(version.paperSet, version.version);
        if (!first) throw error;
        return first;
      }
    },
    find,
    async latest(paperSet) {
      const [doc] = await versions.find({ paperSet }, { sort: { version: -1 }, limit: 1 });
      return doc ? toKeyVersion(doc) : null;
    },
    async list(paperSet) {
      return (await versions.find({ paperSet }, { sort: { version: -1 } })).map(toKeyVersion);
    },
    async markAlertsPlanned(paperSet, version, now = new Date()) {
      await versions.updateOne({ _id: idOf(paperSet, version) }, { $set: { alertsPlannedAt: now } });
    },
  };
}
