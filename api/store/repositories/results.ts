import { definedFields, newId, type DocumentCollection, type SortOrder } from '../collection';
import { DuplicateError, type ResultInput, type ResultRepository, type SetMarks } from '../types';

export interface ResultDoc extends ResultInput {
  _id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Fields a result may lack; an upsert without them removes them (e.g. a link no longer needed). */
const OPTIONAL_FIELDS = ['link', 'session', 'uploaded'] as const;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
/** Uploaded pages can say anything: ranks and crowd statistics count fetched results only. */
const FETCHED = { uploaded: { $exists: false } } as const;
/** What a marks query leaves out: the response vector is most of a result's size. */
const MARKS_OMIT = ['responses', 'name', 'email', 'link', 'linkHash', 'candidateId'];

type Owner = Pick<ResultInput, 'email' | 'isVerified'>;

/** Exactly the fields of a result input but its owner, whatever else the caller's object carries (an id, a date). */
function resultFields(input: ResultInput): Omit<ResultInput, keyof Owner> {
  const { candidateId, name, set, linkHash, link, responses, session, uploaded } = input;
  const { totalMarks, finalMarks, negativeMarks, attempts, incorrectAttempts, normMarks, keyVersion, scoredAt } = input;
  return {
    ...{ candidateId, name, set, linkHash, link, responses, session, uploaded },
    ...{ totalMarks, finalMarks, negativeMarks, attempts, incorrectAttempts, normMarks, keyVersion, scoredAt },
  };
}

/**
 * Who a stored result belongs to after another check of it: a verified owner stays, a verified checker replaces an
 * unverified one, and an e-mail fills a gap. So no check or upload can take a result away from the e-mail it has.
 */
function nextOwner(stored: Owner, incoming: Owner): Owner {
  if (stored.isVerified) return stored;
  if (incoming.isVerified) return incoming;
  return { email: stored.email ?? incoming.email, isVerified: false };
}

function toResult<T extends Partial<ResultDoc> & { _id: string }>(doc: T): Omit<T, '_id'> & { id: string } {
  const { _id, ...fields } = doc;
  return { id: _id, ...definedFields(fields) };
}

function toSetMarks({
  _id,
  updatedAt,
  normMarks,
  totalMarks,
  session,
}: Pick<ResultDoc, '_id' | 'updatedAt' | 'normMarks' | 'totalMarks' | 'session'>) {
  const marks: SetMarks = { id: _id, updatedAt, normMarks, totalMarks };
  if (session !== undefined) marks.session = session;
  return marks;
}

export function resultRepository(results: DocumentCollection<ResultDoc>): ResultRepository {
  async function replaceExisting(input: ResultInput, now: Date): Promise<string | null> {
    const [stored] = await results.project({ linkHash: input.linkHash, set: input.set }, ['email', 'isVerified']);
    if (!stored) return null;
    const owner = nextOwner(stored, input);
    const missing = [...OPTIONAL_FIELDS, 'email' as const].filter(
      (field) => (field === 'email' ? owner.email : input[field]) === undefined,
    );
    await results.updateOne(
      { _id: stored._id },
      {
        $set: { ...resultFields(input), ...owner, updatedAt: now },
        $unset: Object.fromEntries(missing.map((field) => [field, true])),
      },
    );
    return stored._id;
  }

  return {
    async upsert(input, now = new Date()) {
      const existingId = await replaceExisting(input, now);
      if (existingId) return { id: existingId, created: false };
      const id = newId(now.getTime());
      try {
        const fields = definedFields({ ...resultFields(input), email: input.email, isVerified: input.isVerified });
        await results.insertOne({ ...fields, _id: id, createdAt: now, updatedAt: now });
        return { id, created: true };
      } catch (error) {
        // The same result checked twice at once: the other request created it, so this one replaces it.
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
    async findByIdentity(linkHash, set) {
      const doc = await results.findOne({ linkHash, set });
      return doc && toResult(doc);
    },
    async list({ limit, skip } = {}) {
      const docs = await results.find({}, { sort: NEWEST_FIRST, limit, skip, omit: ['responses'] });
      return (docs as Omit<ResultDoc, 'responses'>[]).map((doc) => toResult(doc));
    },
    count: () => results.count({}),
    countBySet: (set) => results.count({ set, ...FETCHED }),
    async listBySet(set, { afterId, limit, keyVersionBelow }) {
      const filter: Record<string, unknown> = { set };
      if (afterId !== undefined) filter._id = { $gt: afterId };
      if (keyVersionBelow !== undefined) filter.keyVersion = { $lt: keyVersionBelow };
      const docs = await results.find(filter, { sort: { _id: 1 }, limit });
      return docs.map((doc) => toResult(doc));
    },
    updateScores: (id, scores, { keyVersionBelow } = {}) =>
      results.updateOne(
        { _id: id, ...(keyVersionBelow === undefined ? {} : { keyVersion: { $lt: keyVersionBelow } }) },
        { $set: { ...scores, updatedAt: new Date() } },
      ),
    async rankOf(set, normMarks) {
      return 1 + (await results.count({ set, ...FETCHED, normMarks: { $gt: normMarks } }));
    },
    async marksOfSet(set, { changedSince } = {}) {
      const filter: Record<string, unknown> = { set, ...FETCHED };
      if (changedSince !== undefined) filter.updatedAt = { $gte: changedSince };
      const sort: SortOrder | undefined = changedSince === undefined ? undefined : { updatedAt: 1 };
      const docs = await results.find(filter, { sort, omit: MARKS_OMIT });
      return docs.map(toSetMarks);
    },
  };
}
