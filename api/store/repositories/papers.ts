import { definedFields, type DocumentCollection } from '../collection';
import type { Paper, PaperRepository } from '../types';

/** A paper as stored: its id is the document's id. */
export type PaperDoc = Omit<Paper, 'id'> & { _id: string };

const toPaper = ({ _id, ...paper }: PaperDoc): Paper => ({ id: _id, ...paper });

/** Concurrent key changes of one paper retry their compare-and-set this often before giving up. */
const MAX_ATTEMPTS = 20;

export function paperRepository(papers: DocumentCollection<PaperDoc>): PaperRepository {
  async function findById(id: string) {
    const doc = await papers.findOne({ _id: id });
    return doc && toPaper(doc);
  }

  /**
   * Reads the paper, asks `next` for the field's new value, and writes it only if nobody changed the field in
   * between (no transactions on the test server); null when no such paper.
   */
  async function compareAndSet(
    id: string,
    field: 'keyVersion' | 'keyVersionsIssued',
    next: (current: number) => number,
  ): Promise<number | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await papers.findOne({ _id: id });
      if (!doc) return null;
      const value = next(doc[field]);
      if (value === doc[field]) return value;
      if (
        await papers.updateOne({ _id: id, [field]: doc[field] }, { $set: { [field]: value, updatedAt: new Date() } })
      ) {
        return value;
      }
    }
    throw new Error(`The key version of paper ${id} is being changed too often at once; try again.`);
  }

  return {
    async create({ id, ...paper }, firstKeyVersion = 0) {
      const now = new Date();
      const doc: PaperDoc = {
        _id: id,
        ...definedFields(paper),
        keyVersion: firstKeyVersion,
        keyVersionsIssued: firstKeyVersion,
        retired: false,
        createdAt: now,
        updatedAt: now,
      };
      await papers.insertOne(doc);
      return toPaper(doc);
    },
    findById,
    async list() {
      return (await papers.find({}, { sort: { createdAt: 1, _id: 1 } })).map(toPaper);
    },
    async issueKeyVersion(id) {
      const issued = await compareAndSet(id, 'keyVersionsIssued', (current) => current + 1);
      if (issued === null) throw new Error(`No paper ${id}.`);
      return issued;
    },
    async publishKeyVersion(id, version) {
      return (await compareAndSet(id, 'keyVersion', (current) => Math.max(current, version))) !== null;
    },
    async setRetired(id, retired) {
      return papers.updateOne({ _id: id }, { $set: { retired, updatedAt: new Date() } });
    },
    async setSections(id, sections) {
      return papers.updateOne({ _id: id }, { $set: { sections, updatedAt: new Date() } });
    },
  };
}
