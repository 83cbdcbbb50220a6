import { definedFields, newId, type DocumentCollection } from '../collection';
import { DuplicateError, type PaperQuestion, type Question, type QuestionRepository } from '../types';

export interface QuestionDoc extends PaperQuestion {
  _id: string;
  paperId: string;
  answerKey?: string;
  keyVersion: number;
  keyUpdatedAt?: Date;
  /** The latest client operation ids applied to this key, so a replayed save is recognised. */
  recentOpIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * How many applied operation ids each question remembers. A replay older than that is still refused when it
 * carries its client time (it is older than the stored key), which is how the offline queue sends them.
 */
const REMEMBERED_OPS = 50;
/** Concurrent key saves on one question retry this often before giving up (each retry re-reads the question). */
const MAX_SAVE_ATTEMPTS = 10;
const MASTER_ORDER = { short_id: 1, long_id: 1 } as const;

/** A paper's key version: it grows with every applied key change of any of its questions. */
export function paperKeyVersion(questions: readonly Pick<Question, 'keyVersion'>[]): number {
  return questions.reduce((sum, question) => sum + question.keyVersion, 0);
}

function toQuestion(doc: QuestionDoc): Question {
  const { _id, recentOpIds: _ops, ...fields } = doc;
  return { id: _id, ...fields };
}

function paperFields(paperQuestion: PaperQuestion): PaperQuestion {
  const { long_id, short_id, name, type, marks, question, options, section } = paperQuestion;
  return definedFields({ long_id, short_id, name, type, marks, question, options, section });
}

export function questionRepository(questions: DocumentCollection<QuestionDoc>): QuestionRepository {
  async function listByPaperId(paperId: string) {
    const docs = await questions.find({ paperId }, { sort: MASTER_ORDER });
    return docs.map(toQuestion);
  }

  /** Updates the paper fields of a stored question, inserting it when new; answer keys are never touched. */
  async function upsertQuestion(paperId: string, question: PaperQuestion) {
    const now = new Date();
    const fields = paperFields(question);
    const byKey = { paperId, long_id: question.long_id };
    if (await questions.updateOne(byKey, { $set: { ...fields, updatedAt: now } })) return;
    try {
      await questions.insertOne({
        _id: newId(now.getTime()),
        paperId,
        ...fields,
        keyVersion: 0,
        recentOpIds: [],
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      // The same paper processed twice at once: the other insert won, so update that one.
      if (!(error instanceof DuplicateError)) throw error;
      await questions.updateOne(byKey, { $set: { ...fields, updatedAt: now } });
    }
  }

  return {
    async upsertPaper(paperId, paper) {
      await Promise.all(paper.map((question) => upsertQuestion(paperId, question)));
      return listByPaperId(paperId);
    },
    listByPaperId,
    async listAll() {
      const docs = await questions.find({}, { sort: { paperId: 1, ...MASTER_ORDER } });
      const papers: Record<string, Question[]> = {};
      for (const doc of docs) (papers[doc.paperId] ??= []).push(toQuestion(doc));
      return papers;
    },
    async findById(id) {
      const doc = await questions.findOne({ _id: id });
      return doc && toQuestion(doc);
    },
    async findByLongIds(longIds) {
      const docs = await questions.find({ long_id: { $in: longIds } }, { sort: { paperId: 1, ...MASTER_ORDER } });
      return docs.map(toQuestion);
    },
    async countPapers() {
      const docs = await questions.project({}, ['paperId']);
      return new Set(docs.map((doc) => doc.paperId)).size;
    },
    async setAnswerKey(id, answerKey, { opId, clientTime } = {}) {
      if (clientTime && Number.isNaN(clientTime.getTime())) throw new RangeError('clientTime is not a valid date');
      // Optimistic concurrency on keyVersion instead of transactions (the test server has none):
      // read, decide, then write only if nobody changed the key in between; otherwise decide again.
      for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
        const doc = await questions.findOne({ _id: id });
        if (!doc) return null;
        if (opId !== undefined && doc.recentOpIds.includes(opId)) {
          return { outcome: 'duplicate', question: toQuestion(doc) };
        }
        if (clientTime && doc.keyUpdatedAt && clientTime < doc.keyUpdatedAt) {
          return { outcome: 'stale', question: toQuestion(doc) };
        }
        const now = new Date();
        const change = {
          answerKey,
          keyVersion: doc.keyVersion + 1,
          keyUpdatedAt: clientTime ?? now,
          recentOpIds: opId === undefined ? doc.recentOpIds : [...doc.recentOpIds, opId].slice(-REMEMBERED_OPS),
          updatedAt: now,
        };
        if (await questions.updateOne({ _id: id, keyVersion: doc.keyVersion }, { $set: change })) {
          return { outcome: 'applied', question: toQuestion({ ...doc, ...change }) };
        }
      }
      throw new Error(`The answer key of question ${id} is being changed too often at once; try again.`);
    },
  };
}
