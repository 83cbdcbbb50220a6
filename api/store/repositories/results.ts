import { definedFields, newId, type DocumentCollection } from '../collection';
import { DuplicateError, type ResultInput, type ResultRepository, type SetMarks } from '../types';

export interface ResultDoc extends ResultInput {
  _id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Fields a result may lack; an upsert without them removes them (e.g. a link no longer needed). */
const OPTIONAL_FIELDS = ['email', 'link', 'session'] as const;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** Exactly the fields of a result input, whatever else the caller's object carries (an id, a createdAt). */
function resultFields(input: ResultInput): ResultInput {
  const { candidateId, name, email, set, isVerified, linkHash, link, responses, session } = input;
  const { totalMarks, finalMarks, negativeMarks, attempts, incorrectAttempts, normMarks, keyVersion, scoredAt } = input;
  return {
    ...{ candidateId, name, email, set, isVerified, linkHash, link, responses, session },
    ...{ totalMarks, finalMarks, negativeMarks, attempts, incorrectAttempts, normMarks, keyVersion, scoredAt },
  };
}

function toResult<T extends Partial<ResultDoc> & { _id: string }>(doc: T): Omit<T, '_id'> & { id: string } {
  const { _id, ...fields } = doc;
  return { id: _id, ...definedFields(fields) };
}

function toSetMarks({ normMarks, totalMarks, session }: Pick<ResultDoc, 'normMarks' | 'totalMarks' | 'session'>) {
  const marks: SetMarks = { normMarks, totalMarks };
  if (session !== undefined) marks.session = session;
  return marks;
}

export function resultRepository(results: DocumentCollection<ResultDoc>): ResultRepository {
  async function replaceExisting(input: ResultInput, now: Date): Promise<string | null> {
    const [existing] = await results.project({ candidateId: input.candidateId, set: input.set }, []);
    if (!existing) return null;
    const missing = OPTIONAL_FIELDS.filter((field) => input[field] === undefined);
    await results.updateOne(
      { _id: existing._id },
      {
        $set: { ...resultFields(input), updatedAt: now },
        $unset: Object.fromEntries(missing.map((field) => [field, true])),
      },
    );
    return existing._id;
  }

  return {
    async upsert(input, now = new Date()) {
      const existingId = await replaceExisting(input, now);
      if (existingId) return { id: existingId, created: false };
      const id = newId(now.getTime());
      try {
        const fields = definedFields(resultFields(input));
        await results.insertOne({ ...fields, _id: id, createdAt: now, updatedAt: now });
        return { id, created: true };
      } catch (error) {
        // The same candidate checked twice at once: the other request created it, so this one replaces it.
        if (!(error instanceof DuplicateError)) throw error;
        const racedId = await replaceExisting(input, now);
        if (!racedId) throw error;
        return { id: racedId, created: false };
      }
    },
    async findById(id) {
      const doc = await results.findOne({ _id: id });
      return doc && toResult(doc);
    },
    async list({ limit, skip } = {}) {
      const docs = await results.find({}, { sort: NEWEST_FIRST, limit, skip, omit: ['responses'] });
      return (docs as Omit<ResultDoc, 'responses'>[]).map((doc) => toResult(doc));
    },
    count: () => results.count({}),
    countBySet: (set) => results.count({ set }),
    async listBySet(set, { afterId, limit, keyVersionBelow }) {
      const filter: Record<string, unknown> = { set };
      if (afterId !== undefined) filter._id = { $gt: afterId };
      if (keyVersionBelow !== undefined) filter.keyVersion = { $lt: keyVersionBelow };
      const docs = await results.find(filter, { sort: { _id: 1 }, limit });
      return docs.map((doc) => toResult(doc));
    },
    updateScores: (id, scores) => results.updateOne({ _id: id }, { $set: { ...scores, updatedAt: new Date() } }),
    async rankOf(set, normMarks) {
      return 1 + (await results.count({ set, normMarks: { $gt: normMarks } }));
    },
    async marksOfSet(set) {
      const docs = await results.project({ set }, ['normMarks', 'totalMarks', 'session']);
      return docs.map(toSetMarks);
    },
  };
}
