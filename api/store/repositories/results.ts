import { definedFields, newId, type DocumentCollection } from '../collection';
import { sameResponses } from '../../../src/domain/gate/result-provenance';
import {
  DuplicateError,
  MARKS_CHANGES_KEPT_MS,
  type ResultInput,
  type ResultRepository,
  type ScoresUpdate,
  type SetMarks,
} from '../types';

export interface ResultDoc extends ResultInput {
  _id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Fields a result may lack; an upsert without them removes them (e.g. a link no longer needed). */
/** `confirmed` among them: an upload sent again is confirmed again only by its portal link's next check. */
const OPTIONAL_FIELDS = ['link', 'session', 'uploaded', 'confirmed', 'statuses', 'chosenSections', 'rankedAs'] as const;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
/** Uploaded pages can say anything: ranks and crowd statistics count fetched results only. */
const FETCHED = { uploaded: { $exists: false } } as const;
/** What a write of scores reads first: the key version it compares and sets, and what the marks changes need. */
const SCORED_WITH = ['keyVersion', 'paperId', 'uploaded', 'normMarks', 'totalMarks'] as const;
/** Old marks changes are removed by the instance writing, at most this often (mongo-java-server ignores TTL indexes). */
const PRUNE_EVERY_MS = MARKS_CHANGES_KEPT_MS / 4;

/**
 * The marks that fetched results of one paper were given at one time, by one write (a check) or one re-scoring batch:
 * the change feed that keeps every instance's marks snapshot current without reading the results.
 */
export interface MarksChangeDoc {
  _id: string;
  paperId: string;
  at: Date;
  marks: SetMarks[];
}

type Owner = Pick<ResultInput, 'email' | 'isVerified'>;

/** Exactly the fields of a result input but its owner, whatever else the caller's object carries (an id, a date). */
function resultFields(input: ResultInput): Omit<ResultInput, keyof Owner> {
  const { candidateId, name, set, paperId, resultKey, link, responses, statuses, session, uploaded } = input;
  const { chosenSections, rankedAs } = input;
  const { totalMarks, finalMarks, negativeMarks, attempts, incorrectAttempts, normMarks, keyVersion, scoredAt } = input;
  return {
    ...{ candidateId, name, set, paperId, resultKey, link, responses, statuses, session, uploaded },
    ...{ chosenSections, rankedAs },
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

export function resultRepository(
  results: DocumentCollection<ResultDoc>,
  marksChanges: DocumentCollection<MarksChangeDoc>,
): ResultRepository {
  let prunedAt = 0;
  let lastChangeAt = 0;

  async function recordMarks(paperId: string, marks: SetMarks[], now: Date): Promise<void> {
    if (marks.length === 0) return;
    // Strictly increasing within an instance: changes are read in order of time, then of id (random within a second),
    // and two writes of one result can fall in the same millisecond; its later marks must never sort first.
    const at = new Date(Math.max(now.getTime(), lastChangeAt + 1));
    lastChangeAt = at.getTime();
    await marksChanges.insertOne({ _id: newId(at.getTime()), paperId, at, marks });
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    // Pruning is housekeeping: the write it follows stands whatever happens to it.
    void marksChanges.deleteMany({ at: { $lt: new Date(now.getTime() - MARKS_CHANGES_KEPT_MS) } }).catch(() => {
      prunedAt = 0;
    });
  }

  /**
   * One round of writeScores: each update whose result is still below the key version is written with a
   * compare-and-set on the version just read. Refused ones were changed by another writer in between.
   */
  async function compareAndSetScores(updates: readonly ScoresUpdate[], keyVersionBelow: number | undefined) {
    const now = new Date();
    const read = await results.project({ _id: { $in: updates.map(({ id }) => id) } }, [...SCORED_WITH]);
    const readById = new Map(read.map((doc) => [doc._id, doc]));
    const writable = updates.filter(({ id }) => {
      const stored = readById.get(id);
      return stored && (keyVersionBelow === undefined || stored.keyVersion < keyVersionBelow);
    });
    const landed = await Promise.all(
      writable.map(({ id, scores }) =>
        results.updateOne(
          { _id: id, keyVersion: readById.get(id)!.keyVersion },
          { $set: { ...scores, updatedAt: now } },
        ),
      ),
    );
    const marksByPaper = new Map<string, SetMarks[]>();
    for (const [index, { id, scores }] of writable.entries()) {
      const { paperId, uploaded, normMarks, totalMarks } = readById.get(id)!;
      if (!landed[index] || uploaded) continue;
      if (!marksByPaper.has(paperId)) marksByPaper.set(paperId, []);
      marksByPaper
        .get(paperId)!
        .push({ id, normMarks: scores.normMarks ?? normMarks, totalMarks: scores.totalMarks ?? totalMarks });
    }
    for (const [paperId, marks] of marksByPaper) await recordMarks(paperId, marks, now);
    return {
      written: writable.filter((_, index) => landed[index]).map(({ id }) => id),
      refused: writable.filter((_, index) => !landed[index]),
    };
  }

  /**
   * Each update as a filter `{_id, keyVersion: {$lt: keyVersionBelow}}` would write it, but through lookups only:
   * mongo-java-server uses an index only for a query naming exactly a unique index's fields, and scans the results
   * for anything else (schema.ts has `{_id, keyVersion}` for this compare-and-set).
   */
  async function writeScores(updates: readonly ScoresUpdate[], keyVersionBelow: number | undefined) {
    const written: string[] = [];
    let pending = updates;
    while (pending.length > 0) {
      const round = await compareAndSetScores(pending, keyVersionBelow);
      written.push(...round.written);
      pending = round.refused;
    }
    return written;
  }

  async function replaceExisting(input: ResultInput, now: Date): Promise<string | null> {
    const [stored] = await results.project({ resultKey: input.resultKey }, ['email', 'isVerified']);
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

  async function storeResult(input: ResultInput, now: Date): Promise<{ id: string; created: boolean }> {
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
  }

  return {
    async upsert(input, now = new Date()) {
      const stored = await storeResult(input, now);
      if (!input.uploaded) {
        await recordMarks(
          input.paperId,
          [{ id: stored.id, normMarks: input.normMarks, totalMarks: input.totalMarks }],
          now,
        );
      }
      return stored;
    },
    async findById(id) {
      const doc = await results.findOne({ _id: id });
      return doc && toResult(doc);
    },
    async findByKey(resultKey) {
      const doc = await results.findOne({ resultKey });
      return doc && toResult(doc);
    },
    async findByIds(ids) {
      return (await results.find({ _id: { $in: [...ids] } })).map((doc) => toResult(doc));
    },
    async confirmUploads(paperId, candidateId, responses) {
      // Exactly the index's fields (mongo-java-server uses an index only then); a paper's uploads of one candidate are few.
      const uploads = (await results.find({ candidateId, paperId })).filter(
        (doc) => doc.uploaded && !doc.confirmed && sameResponses(doc.responses, responses),
      );
      for (const upload of uploads) await results.updateOne({ _id: upload._id }, { $set: { confirmed: true } });
      return uploads.map((upload) => upload._id);
    },
    verifyOwner: (uploadId, email) =>
      results.updateOne({ _id: uploadId, uploaded: true, isVerified: false }, { $set: { email, isVerified: true } }),
    async list({ limit, skip, paperId } = {}) {
      const filter = paperId === undefined ? {} : { paperId };
      const docs = await results.find(filter, { sort: NEWEST_FIRST, limit, skip, omit: ['responses'] });
      return (docs as Omit<ResultDoc, 'responses'>[]).map((doc) => toResult(doc));
    },
    count: () => results.count({}),
    countByPaper: (paperId, { withUploads = false } = {}) =>
      results.count(withUploads ? { paperId } : { paperId, ...FETCHED }),
    async listByPaper(paperId, { afterId, limit, keyVersionBelow }) {
      const filter: Record<string, unknown> = { paperId };
      if (afterId !== undefined) filter._id = { $gt: afterId };
      if (keyVersionBelow !== undefined) filter.keyVersion = { $lt: keyVersionBelow };
      const docs = await results.find(filter, { sort: { _id: 1 }, limit });
      return docs.map((doc) => toResult(doc));
    },
    async idsScoredBelow(paperId, keyVersion) {
      return (await results.project({ paperId, keyVersion: { $lt: keyVersion } }, [])).map((doc) => doc._id);
    },
    async updateScores(id, scores, { keyVersionBelow } = {}) {
      return (await writeScores([{ id, scores }], keyVersionBelow)).length > 0;
    },
    updateScoresOf: (updates, { keyVersionBelow } = {}) => writeScores(updates, keyVersionBelow),
    async marksOfPaper(paperId) {
      const docs = await results.project({ paperId, ...FETCHED }, ['normMarks', 'totalMarks']);
      return docs.map(({ _id, normMarks, totalMarks }) => ({ id: _id, normMarks, totalMarks }));
    },
    async rankAmongRankedAs(paperId, rankedAs, normMarks) {
      const group = { paperId, rankedAs, ...FETCHED };
      const [ahead, total] = await Promise.all([
        results.count({ ...group, normMarks: { $gt: normMarks } }),
        results.count(group),
      ]);
      return { rank: ahead + 1, total };
    },
    async marksChangedSince(paperId, since) {
      const changes = await marksChanges.find({ paperId, at: { $gte: since } }, { sort: { at: 1, _id: 1 } });
      return changes.flatMap((change) => change.marks);
    },
  };
}
