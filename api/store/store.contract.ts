/**
 * The storage contract: what every adapter must do, run once per lane by test/mongo/run-contract.mjs.
 * STORE_LANE=embedded (default) uses a temporary nedb folder per test; STORE_LANE=mongodb uses MONGODB_URI with
 * its own database per test, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itemAt } from '../../src/domain/lists';
import { buildResult as resultInput } from '../../test/support/builders';
import {
  createStore,
  DuplicateError,
  MARKS_CHANGES_KEPT_MS,
  paperKeyVersion,
  type PaperQuestion,
  type Store,
} from './index';

const lane = process.env.STORE_LANE ?? 'embedded';
if (lane !== 'embedded' && lane !== 'mongodb') throw new Error(`STORE_LANE must be embedded or mongodb, got "${lane}"`);
const mongodbUri = process.env.MONGODB_URI;
if (lane === 'mongodb' && !mongodbUri) throw new Error('STORE_LANE=mongodb needs MONGODB_URI');

/** Where one test's data lives, so the same data can be opened twice (persistence) and removed afterwards. */
interface TestLocation {
  open(): Promise<Store>;
  remove(): Promise<void>;
  /** Gives the (closed) data the unique result index of versions before 0.1: one result per candidate and paper. */
  addLegacyResultIndex(): Promise<void>;
  /** Adds to the (closed) data a result as 0.1 wrote it: filed by link hash, with no result key. */
  addOlderResult(): Promise<void>;
  /** Writes the (closed) data's paper ids as versions before November 2026 did: a field paperSet, with its index. */
  nameAsBeforePaperId(): Promise<void>;
  /** Drops one collection of the (closed) data, by its stored name: a restore of that collection alone. */
  dropCollection(name: string): Promise<void>;
}

const PAPER_ID_COLLECTIONS = ['questions', 'key_versions', 'score_alerts'];
const OLDER_QUESTION_INDEX = { paperSet: 1, long_id: 1 } as const;

const OLDER_RESULT = { _id: '0000000000000000000000aa', linkHash: 'a'.repeat(64), set: 'CS 1', candidateId: 'CS26S1' };

const LEGACY_RESULT_INDEX = { candidateId: 1, set: 1 } as const;

const admin = lane === 'mongodb' ? new MongoClient(mongodbUri!) : null;

function newLocation(): TestLocation {
  if (admin) {
    const databaseName = `contract_${randomBytes(6).toString('hex')}`;
    return {
      open: () => createStore({ mongodbUri, dataDir: '' }, { databaseName, connectAttempts: 1 }),
      remove: async () => {
        await admin.db(databaseName).dropDatabase();
      },
      addLegacyResultIndex: async () => {
        await admin.db(databaseName).collection('results').createIndex(LEGACY_RESULT_INDEX, { unique: true });
      },
      addOlderResult: async () => {
        await admin.db(databaseName).collection<{ _id: string }>('results').insertOne(OLDER_RESULT);
      },
      nameAsBeforePaperId: async () => {
        const db = admin.db(databaseName);
        for (const name of PAPER_ID_COLLECTIONS) {
          for (const index of await db.collection(name).indexes()) {
            if (index.name !== '_id_') await db.collection(name).dropIndex(index.name!);
          }
          await db.collection(name).updateMany({}, { $rename: { paperId: 'paperSet' } });
        }
        await db.collection('questions').createIndex(OLDER_QUESTION_INDEX, { unique: true });
      },
      dropCollection: async (name) => {
        await admin.db(databaseName).collection(name).drop();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-contract-'));
  return {
    open: () => createStore({ mongodbUri: undefined, dataDir }),
    remove: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    addLegacyResultIndex: async () => {
      const results = new Datastore({ filename: path.join(dataDir, 'results.db') });
      await results.loadDatabaseAsync();
      await results.ensureIndexAsync({ fieldName: Object.keys(LEGACY_RESULT_INDEX), unique: true });
      await results.compactDatafileAsync();
    },
    addOlderResult: async () => {
      const results = new Datastore({ filename: path.join(dataDir, 'results.db') });
      await results.loadDatabaseAsync();
      await results.insertAsync(OLDER_RESULT);
      await results.compactDatafileAsync();
    },
    nameAsBeforePaperId: async () => {
      for (const name of PAPER_ID_COLLECTIONS) {
        const datastore = new Datastore({ filename: path.join(dataDir, `${name}.db`) });
        await datastore.loadDatabaseAsync();
        const made = (datastore as unknown as { indexes: Record<string, unknown> }).indexes;
        for (const index of Object.keys(made)) if (index !== '_id') await datastore.removeIndexAsync(index);
        for (const doc of await datastore.findAsync<{ _id: string; paperId: string }>({})) {
          await datastore.updateAsync({ _id: doc._id }, { $set: { paperSet: doc.paperId }, $unset: { paperId: true } });
        }
        if (name === 'questions') {
          await datastore.ensureIndexAsync({ fieldName: Object.keys(OLDER_QUESTION_INDEX), unique: true });
        }
        await datastore.compactDatafileAsync();
      }
    },
    dropCollection: (name) => Promise.resolve(rmSync(path.join(dataDir, `${name}.db`))),
  };
}

let location: TestLocation;
let store: Store;

beforeEach(async () => {
  location = newLocation();
  store = await location.open();
});

afterEach(async () => {
  await store.close();
  await location.remove();
});

afterAll(async () => {
  await admin?.close();
});

const minutes = (n: number) => n * 60_000;

function paperQuestion(shortId: number, overrides: Partial<PaperQuestion> = {}): PaperQuestion {
  return {
    long_id: String(8078201720500 + shortId),
    short_id: shortId,
    name: 'GATE 2026 CS1',
    type: 'MCQ',
    marks: shortId <= 5 ? 1 : 2,
    question: `https://img.example/q${shortId}.png`,
    options: { A: `https://img.example/q${shortId}a.png`, B: `https://img.example/q${shortId}b.png` },
    ...overrides,
  };
}

describe(`storage contract on the ${lane} store`, () => {
  it('says which database it runs on and answers health checks', async () => {
    expect(store.kind).toBe(lane);
    expect(await store.ping()).toBe(true);
  });

  it('keeps the data when the store is closed and opened again', async () => {
    const user = await store.users.create({
      email: 'keep@example.com',
      firstName: 'Keep',
      passwordHash: 'h',
      userType: 'user',
    });
    await store.questions.upsertPaper('CS 1', [paperQuestion(1)]);
    await store.close();
    store = await location.open();
    expect((await store.users.findByEmail('keep@example.com'))?.id).toBe(user.id);
    expect(await store.questions.countPapers()).toBe(1);
    await expect(
      store.users.create({ email: 'KEEP@example.com', firstName: 'Again', passwordHash: 'h', userType: 'user' }),
    ).rejects.toBeInstanceOf(DuplicateError);
  });

  describe('users', () => {
    const newUser = {
      email: '  Riya.Sen@Example.COM ',
      firstName: 'Riya',
      passwordHash: 'scrypt$abc',
      userType: 'user' as const,
    };

    it('creates a user with a string id and a lower-cased e-mail, found by e-mail in any case and by id', async () => {
      const user = await store.users.create(newUser);
      expect(user).toMatchObject({ email: 'riya.sen@example.com', firstName: 'Riya', userType: 'user' });
      expect(typeof user.id).toBe('string');
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(await store.users.findByEmail('RIYA.SEN@example.com')).toEqual(user);
      expect(await store.users.findById(user.id)).toEqual(user);
      expect(await store.users.findByEmail('nobody@example.com')).toBeNull();
      expect(await store.users.findById('000000000000000000000000')).toBeNull();
    });

    it('refuses a second account for the same e-mail in another letter case', async () => {
      await store.users.create(newUser);
      await expect(store.users.create({ ...newUser, email: 'riya.sen@example.com' })).rejects.toBeInstanceOf(
        DuplicateError,
      );
    });

    it('changes the password hash and the user type of one user only', async () => {
      const riya = await store.users.create(newUser);
      const other = await store.users.create({ ...newUser, email: 'other@example.com' });
      expect(await store.users.updatePassword(riya.id, 'scrypt$new')).toBe(true);
      expect(await store.users.setUserType(riya.id, 'admin')).toBe(true);
      expect(await store.users.findById(riya.id)).toMatchObject({ passwordHash: 'scrypt$new', userType: 'admin' });
      expect(await store.users.findById(other.id)).toMatchObject({ passwordHash: 'scrypt$abc', userType: 'user' });
      expect(await store.users.updatePassword('000000000000000000000000', 'x')).toBe(false);
    });
  });

  describe('reset tokens', () => {
    it('gives the user id once, then nothing', async () => {
      await store.resetTokens.create({ tokenHash: 't1', userId: 'u1', expiresAt: new Date(Date.now() + minutes(60)) });
      expect(await store.resetTokens.consume('t1')).toBe('u1');
      expect(await store.resetTokens.consume('t1')).toBeNull();
      expect(await store.resetTokens.consume('unknown')).toBeNull();
    });

    it('refuses an expired token', async () => {
      const expiresAt = new Date(Date.now() + minutes(60));
      await store.resetTokens.create({ tokenHash: 't2', userId: 'u2', expiresAt });
      expect(await store.resetTokens.consume('t2', new Date(expiresAt.getTime() + 1))).toBeNull();
    });

    it('lets exactly one of many simultaneous uses through', async () => {
      await store.resetTokens.create({ tokenHash: 't3', userId: 'u3', expiresAt: new Date(Date.now() + minutes(60)) });
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => store.resetTokens.consume('t3')));
      expect(outcomes.filter((userId) => userId === 'u3')).toHaveLength(1);
    });
  });

  describe('e-mail verifications', () => {
    it('records each address that verifies a link, and reports a repeat of the same pair as already verified', async () => {
      expect(await store.verifications.isVerified('link-a', 'asha@example.com')).toBe(false);
      expect(await store.verifications.markVerified('link-a', 'Asha@Example.com')).toEqual({ alreadyVerified: false });
      expect(await store.verifications.markVerified('link-a', 'asha@example.com')).toEqual({ alreadyVerified: true });
      // Another address proves itself for the same link: it is verified too, and takes nothing from the first.
      expect(await store.verifications.markVerified('link-a', 'ravi@example.com')).toEqual({ alreadyVerified: false });
      expect(await store.verifications.isVerified('link-a', 'ASHA@example.com')).toBe(true);
      expect(await store.verifications.isVerified('link-a', 'ravi@example.com')).toBe(true);
      expect(await store.verifications.isVerified('link-b', 'asha@example.com')).toBe(false);
    });

    it('treats simultaneous verifications of one pair as one', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () => store.verifications.markVerified('link-c', 'u@example.com')),
      );
      expect(outcomes.filter((outcome) => !outcome.alreadyVerified)).toHaveLength(1);
    });
  });

  describe('papers', () => {
    const identity = { year: 2026, code: 'CS', session: 1, demo: false, label: 'GATE 2026 CS 1' };

    it('stores a paper with its identity, starting unkeyed, and refuses a second with its id', async () => {
      const created = await store.papers.create({ id: 'CS1-2026', ...identity });
      expect(created).toMatchObject({
        id: 'CS1-2026',
        ...identity,
        keyVersion: 0,
        keyVersionsIssued: 0,
        retired: false,
      });
      expect(await store.papers.findById('CS1-2026')).toEqual(created);
      await expect(store.papers.create({ id: 'CS1-2026', ...identity })).rejects.toBeInstanceOf(DuplicateError);
      await store.papers.create({ id: 'CS1-2026-demo', ...identity, demo: true, label: 'GATE 2026 CS 1 (demo)' });
      expect((await store.papers.list()).map((paper) => paper.id)).toEqual(['CS1-2026', 'CS1-2026-demo']);
      expect(await store.papers.findById('nope')).toBeNull();
    });

    it('issues every key version number once, however many ask at once', async () => {
      await store.papers.create({ id: 'CS1-2026', ...identity }, 4);
      const issued = await Promise.all(Array.from({ length: 8 }, () => store.papers.issueKeyVersion('CS1-2026')));
      expect(issued.sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    });

    it('publishes a key version only forward, and stands a paper down', async () => {
      await store.papers.create({ id: 'CS1-2026', ...identity });
      await Promise.all([6, 3, 5].map((version) => store.papers.publishKeyVersion('CS1-2026', version)));
      expect(await store.papers.findById('CS1-2026')).toMatchObject({ keyVersion: 6 });
      expect(await store.papers.publishKeyVersion('nope', 1)).toBe(false);
      expect(await store.papers.setRetired('CS1-2026', true)).toBe(true);
      expect(await store.papers.findById('CS1-2026')).toMatchObject({ retired: true });
    });

    it("keeps a choice paper's sections as given, and records them on a paper stored without", async () => {
      const sections = {
        paper: 'XE',
        year: 2025,
        choose: 2,
        sections: [
          { id: 'GA', name: 'General Aptitude', optional: false },
          { id: 'A', name: 'Engineering Mathematics', optional: false, keySections: ['XE-A'] },
          { id: 'B', name: 'Fluid Mechanics', optional: true, keySections: ['XE-B'] },
          { id: 'C', name: 'Materials Science', optional: true },
        ],
      };
      const xe = { year: 2025, code: 'XE', session: null, demo: false, label: 'GATE 2025 XE' };
      await store.papers.create({ id: 'XE-2025', ...xe, sections });
      expect(await store.papers.findById('XE-2025')).toMatchObject({ sections });
      await store.papers.create({ id: 'CS1-2026', ...identity });
      expect((await store.papers.findById('CS1-2026'))?.sections).toBeUndefined();
      const gg = {
        paper: 'GG',
        year: 2025,
        choose: 1,
        sections: [{ id: 'B1', name: 'Geology', optional: true, rankedAs: 'GG1' }],
      };
      await store.papers.create({ id: 'GG-2025', ...xe, code: 'GG', label: 'GATE 2025 GG' });
      expect(await store.papers.setSections('GG-2025', gg)).toBe(true);
      expect(await store.papers.findById('GG-2025')).toMatchObject({ sections: gg });
      expect(await store.papers.setSections('nope', gg)).toBe(false);
    });
  });

  describe('question papers', () => {
    it('stores a paper in master order (numeric short_id) with no keys yet', async () => {
      const paper = await store.questions.upsertPaper('CS 1', [paperQuestion(10), paperQuestion(2), paperQuestion(1)]);
      expect(paper.map((q) => q.short_id)).toEqual([1, 2, 10]);
      expect(itemAt(paper, 0)).toMatchObject({ paperId: 'CS 1', keyVersion: 0, long_id: '8078201720501' });
      expect(itemAt(paper, 0).answerKey).toBeUndefined();
      expect(typeof itemAt(paper, 0).id).toBe('string');
      expect(await store.questions.listByPaperId('CS 1')).toEqual(paper);
      expect(await store.questions.findById(itemAt(paper, 2).id)).toEqual(itemAt(paper, 2));
    });

    it('keeps answer keys when the same paper is processed again, and takes its new paper fields', async () => {
      const first = itemAt(await store.questions.upsertPaper('CS 1', [paperQuestion(1), paperQuestion(2)]), 0);
      await store.questions.setAnswerKey(first.id, 'B');
      const again = await store.questions.upsertPaper('CS 1', [
        paperQuestion(1, { question: 'https://img.example/q1-v2.png' }),
        paperQuestion(2),
        paperQuestion(3),
      ]);
      expect(again).toHaveLength(3);
      expect(itemAt(again, 0)).toMatchObject({
        id: first.id,
        answerKey: 'B',
        keyVersion: 1,
        question: 'https://img.example/q1-v2.png',
      });
      expect(itemAt(again, 2).answerKey).toBeUndefined();
    });

    it("keeps each question's section on a choice paper, where section and number name a question", async () => {
      const stored = await store.questions.upsertPaper('GG-2025', [
        paperQuestion(27, { long_id: 'b2-27', section: 'B2' }),
        paperQuestion(27, { long_id: 'b1-27', section: 'B1' }),
        paperQuestion(1, { long_id: 'ga-1', section: 'GA' }),
      ]);
      expect(stored.map((q) => [q.section, q.short_id, q.long_id])).toEqual([
        ['GA', 1, 'ga-1'],
        ['B1', 27, 'b1-27'],
        ['B2', 27, 'b2-27'],
      ]);
      expect((await store.questions.upsertPaper('CS 1', [paperQuestion(1)]))[0]?.section).toBeUndefined();
    });

    it('keeps one question per paper and long_id, even when the same paper is processed twice at once', async () => {
      const paper = [paperQuestion(1), paperQuestion(2)];
      await Promise.all([store.questions.upsertPaper('CS 1', paper), store.questions.upsertPaper('CS 1', paper)]);
      expect(await store.questions.listByPaperId('CS 1')).toHaveLength(2);
    });

    it('groups all papers by paper, counts them, and finds questions by long id across sets', async () => {
      await store.questions.upsertPaper('CS 2', [
        paperQuestion(2, { long_id: 'cs2-2' }),
        paperQuestion(1, { long_id: 'cs2-1' }),
      ]);
      await store.questions.upsertPaper('CS 1', [paperQuestion(1), paperQuestion(2)]);
      await store.questions.upsertPaper('DA', [paperQuestion(1)]);
      const all = await store.questions.listAll();
      expect(Object.keys(all).sort()).toEqual(['CS 1', 'CS 2', 'DA']);
      expect((all['CS 2'] ?? []).map((q) => q.long_id)).toEqual(['cs2-1', 'cs2-2']);
      expect(await store.questions.countPapers()).toBe(3);
      const found = await store.questions.findByLongIds(['cs2-1', '8078201720501', 'nowhere']);
      expect(found.map((q) => `${q.paperId}/${q.long_id}`).sort()).toEqual([
        'CS 1/8078201720501',
        'CS 2/cs2-1',
        'DA/8078201720501',
      ]);
    });

    it('applies a key save once per operation id and counts versions', async () => {
      const question = itemAt(await store.questions.upsertPaper('CS 1', [paperQuestion(1)]), 0);
      const first = await store.questions.setAnswerKey(question.id, 'A', { opId: 'op-1' });
      expect(first).toMatchObject({ outcome: 'applied', question: { answerKey: 'A', keyVersion: 1 } });
      const replay = await store.questions.setAnswerKey(question.id, 'A', { opId: 'op-1' });
      expect(replay).toMatchObject({ outcome: 'duplicate', question: { answerKey: 'A', keyVersion: 1 } });
      const second = await store.questions.setAnswerKey(question.id, 'C', { opId: 'op-2' });
      expect(second).toMatchObject({ outcome: 'applied', question: { answerKey: 'C', keyVersion: 2 } });
      expect(await store.questions.findById(question.id)).toMatchObject({ answerKey: 'C', keyVersion: 2 });
      expect(await store.questions.setAnswerKey('000000000000000000000000', 'A')).toBeNull();
    });

    it('ignores a save older than the stored key, so the newest key wins whatever the arrival order', async () => {
      const question = itemAt(await store.questions.upsertPaper('CS 1', [paperQuestion(1)]), 0);
      const newer = new Date('2026-03-20T10:05:00Z');
      const older = new Date('2026-03-20T10:00:00Z');
      await store.questions.setAnswerKey(question.id, 'D', { opId: 'late', clientTime: newer });
      const stale = await store.questions.setAnswerKey(question.id, 'B', { opId: 'early', clientTime: older });
      expect(stale).toMatchObject({
        outcome: 'stale',
        question: { answerKey: 'D', keyVersion: 1, keyUpdatedAt: newer },
      });
      expect(await store.questions.findById(question.id)).toMatchObject({ answerKey: 'D', keyVersion: 1 });
      await expect(
        store.questions.setAnswerKey(question.id, 'A', { clientTime: new Date('yesterday-ish') }),
      ).rejects.toBeInstanceOf(RangeError);
    });

    it('applies the same operation once when it arrives many times at once', async () => {
      const question = itemAt(await store.questions.upsertPaper('CS 1', [paperQuestion(1)]), 0);
      const saves = await Promise.all(
        Array.from({ length: 6 }, () => store.questions.setAnswerKey(question.id, 'A;C', { opId: 'op-burst' })),
      );
      expect(saves.filter((save) => save?.outcome === 'applied')).toHaveLength(1);
      expect(await store.questions.findById(question.id)).toMatchObject({ answerKey: 'A;C', keyVersion: 1 });
    });

    it('gives a paper a key version that grows with each applied key change', async () => {
      const paper = await store.questions.upsertPaper('CS 1', [paperQuestion(1), paperQuestion(2)]);
      expect(paperKeyVersion(paper)).toBe(0);
      await store.questions.setAnswerKey(itemAt(paper, 0).id, 'A');
      await store.questions.setAnswerKey(itemAt(paper, 1).id, '12.5');
      await store.questions.setAnswerKey(itemAt(paper, 0).id, 'B');
      expect(paperKeyVersion(await store.questions.listByPaperId('CS 1'))).toBe(3);
    });
  });

  describe('results', () => {
    it('creates one result per key (paper and candidate), then replaces it keeping its id and createdAt', async () => {
      const first = new Date('2026-03-20T10:00:00Z');
      const later = new Date('2026-03-20T11:00:00Z');
      const created = await store.results.upsert(resultInput(), first);
      expect(created.created).toBe(true);
      const stored = await store.results.findById(created.id);
      expect(stored).toEqual({ ...resultInput(), id: created.id, createdAt: first, updatedAt: first });

      const replaced = await store.results.upsert(resultInput({ totalMarks: 50, link: undefined }), later);
      expect(replaced).toEqual({ id: created.id, created: false });
      const updated = await store.results.findById(created.id);
      expect(updated).toMatchObject({ totalMarks: 50, createdAt: first, updatedAt: later });
      expect(updated).not.toHaveProperty('link');
      expect(await store.results.count()).toBe(1);
      expect(await store.results.findById('000000000000000000000000')).toBeNull();
    });

    it('keeps a verified owner whoever checks the link again; a verified checker replaces an unverified one', async () => {
      const { id } = await store.results.upsert(resultInput({ email: 'first@example.com', isVerified: false }));
      await store.results.upsert(resultInput({ email: undefined, isVerified: false }));
      expect(await store.results.findById(id)).toMatchObject({ email: 'first@example.com', isVerified: false });
      await store.results.upsert(resultInput({ email: 'owner@example.com', isVerified: true }));
      expect(await store.results.findById(id)).toMatchObject({ email: 'owner@example.com', isVerified: true });
      await store.results.upsert(resultInput({ email: 'other@example.com', isVerified: true, totalMarks: 12 }));
      await store.results.upsert(resultInput({ email: undefined, isVerified: false }));
      expect(await store.results.findById(id)).toMatchObject({ email: 'owner@example.com', isVerified: true });
    });

    it('keeps an upload apart from the fetched result of its candidate, and out of ranks', async () => {
      await store.results.upsert(resultInput({ resultKey: 'portal', normMarks: 40, totalMarks: 40 }));
      const upload = await store.results.upsert(
        resultInput({ resultKey: 'upload', normMarks: 90, totalMarks: 90, uploaded: true, link: undefined }),
      );
      expect(upload.created).toBe(true);
      expect(await store.results.count()).toBe(2);
      expect(await store.results.countByPaper('CS1-2026')).toBe(1);
      expect((await store.results.marksOfPaper('CS1-2026')).map((marks) => marks.totalMarks)).toEqual([40]);
      expect(await store.results.findById(upload.id)).toMatchObject({ uploaded: true, totalMarks: 90 });
    });

    it('drops the per-candidate index of older versions, so an upload cannot collide with a fetched result', async () => {
      await store.close();
      await location.addLegacyResultIndex();
      store = await location.open();
      await store.results.upsert(resultInput({ resultKey: 'portal' }));
      const upload = await store.results.upsert(resultInput({ resultKey: 'upload', uploaded: true }));
      expect(upload.created).toBe(true);
      expect(await store.results.count()).toBe(2);
    });

    it('renames the paper id older versions called paperSet, so questions, keys and alerts stay with their paper', async () => {
      // One question id in two papers: the older unique index, were it kept, would refuse the renamed documents.
      await store.questions.upsertPaper('CS1-2026', [paperQuestion(1), paperQuestion(2)]);
      await store.questions.upsertPaper('CS2-2026', [paperQuestion(1)]);
      await store.keyVersions.record({
        paperId: 'CS1-2026',
        version: 1,
        label: 'provisional',
        source: 'import',
        by: 'admin@example.com',
        keys: { '1': 'A' },
        createdAt: new Date(Date.UTC(2026, 2, 1)),
      });
      await store.scoreAlerts.subscribe({
        resultId: 'r1',
        email: 'asha@example.com',
        paperId: 'CS1-2026',
        set: 'CS 1',
        toldTotal: 41,
        toldVersion: 1,
      });
      await store.close();
      await location.nameAsBeforePaperId();
      store = await location.open();

      expect((await store.questions.listByPaperId('CS1-2026')).map((q) => q.short_id)).toEqual([1, 2]);
      expect((await store.questions.listByPaperId('CS2-2026')).map((q) => q.short_id)).toEqual([1]);
      expect(await store.keyVersions.latest('CS1-2026')).toMatchObject({ version: 1, keys: { '1': 'A' } });
      expect(await store.scoreAlerts.activePaperIds()).toEqual(['CS1-2026']);
      // The new unique index holds: the same paper processed again keeps one question per id.
      await store.questions.upsertPaper('CS1-2026', [paperQuestion(1)]);
      expect(await store.questions.listByPaperId('CS1-2026')).toHaveLength(2);
    });

    it('refuses to open results an older version filed by link, saying what to do, and leaves them as they are', async () => {
      await store.close();
      await location.addOlderResult();
      await expect(location.open()).rejects.toThrow(/holds results written by an older HireGate.*"Upgrading"/);
      // The refusal wrote nothing: the same data refuses again, the same way.
      await expect(location.open()).rejects.toThrow(/older HireGate/);
      await location.remove();
      location = newLocation();
      store = await location.open();
    });

    it('keeps one result when the same candidate is checked twice at once', async () => {
      const outcomes = await Promise.all([store.results.upsert(resultInput()), store.results.upsert(resultInput())]);
      expect(new Set(outcomes.map((outcome) => outcome.id)).size).toBe(1);
      expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
      expect(await store.results.count()).toBe(1);
    });

    it('lists results without their response vectors, newest first, all of them by default, a page when asked', async () => {
      const base = Date.parse('2026-03-20T10:00:00Z');
      for (let i = 0; i < 5; i++) {
        await store.results.upsert(resultInput({ candidateId: `C${i}` }), new Date(base + minutes(i)));
      }
      const all = await store.results.list();
      expect(all.map((r) => r.candidateId)).toEqual(['C4', 'C3', 'C2', 'C1', 'C0']);
      const { responses: _responses, ...summary } = resultInput({ candidateId: 'C4' });
      expect(itemAt(all, 0)).toEqual({
        ...summary,
        id: itemAt(all, 0).id,
        createdAt: new Date(base + minutes(4)),
        updatedAt: new Date(base + minutes(4)),
      });
      expect((await store.results.list({ limit: 2, skip: 1 })).map((r) => r.candidateId)).toEqual(['C3', 'C2']);
      expect(await store.results.count()).toBe(5);
    });

    it("lists one paper's results when asked, and counts a paper's results with its uploads when asked", async () => {
      const base = Date.parse('2026-03-20T10:00:00Z');
      await store.results.upsert(resultInput({ candidateId: 'C0' }), new Date(base));
      await store.results.upsert(resultInput({ candidateId: 'X0', set: 'XE', paperId: 'XE-2025' }), new Date(base + 1));
      await store.results.upsert(resultInput({ candidateId: 'C1' }), new Date(base + 2));
      await store.results.upsert(resultInput({ candidateId: 'U0', uploaded: true }), new Date(base + 3));
      expect((await store.results.list({ paperId: 'CS1-2026' })).map((r) => r.candidateId)).toEqual(['U0', 'C1', 'C0']);
      expect((await store.results.list({ paperId: 'XE-2025' })).map((r) => r.candidateId)).toEqual(['X0']);
      expect(await store.results.list({ paperId: 'EE-2025' })).toEqual([]);
      expect(await store.results.countByPaper('CS1-2026')).toBe(2);
      expect(await store.results.countByPaper('CS1-2026', { withUploads: true })).toBe(3);
    });

    it('keeps the sections a candidate chose and the paper it is ranked as, and drops them when a check has none', async () => {
      const chosen = resultInput({
        candidateId: 'GG25S1',
        set: 'GG',
        paperId: 'GG-2025',
        chosenSections: ['B2'],
        rankedAs: 'GG2',
      });
      const { id } = await store.results.upsert(chosen);
      expect(await store.results.findById(id)).toMatchObject({ chosenSections: ['B2'], rankedAs: 'GG2' });
      const { chosenSections: _chosen, rankedAs: _ranked, ...plain } = chosen;
      await store.results.upsert(plain);
      const again = await store.results.findById(id);
      expect(again?.chosenSections).toBeUndefined();
      expect(again?.rankedAs).toBeUndefined();
    });

    it('ranks normalised marks among the fetched results of one choice ranked apart (GG1 apart from GG2)', async () => {
      const gg = (candidateId: string, rankedAs: string, normMarks: number, uploaded?: true) =>
        resultInput({ candidateId, set: 'GG', paperId: 'GG-2025', rankedAs, normMarks, uploaded });
      for (const result of [gg('A', 'GG1', 70), gg('B', 'GG1', 55), gg('C', 'GG2', 90), gg('D', 'GG1', 99, true)]) {
        await store.results.upsert(result);
      }
      expect(await store.results.rankAmongRankedAs('GG-2025', 'GG1', 60)).toEqual({ rank: 2, total: 2 });
      expect(await store.results.rankAmongRankedAs('GG-2025', 'GG2', 60)).toEqual({ rank: 2, total: 1 });
      expect(await store.results.rankAmongRankedAs('GG-2025', 'GG1', 70)).toEqual({ rank: 1, total: 2 });
    });

    it('counts the fetched results of a paper', async () => {
      for (const [i, normMarks] of [80, 65.5, 65.5, 40, -3].entries()) {
        await store.results.upsert(resultInput({ candidateId: `C${i}`, normMarks }));
      }
      await store.results.upsert(resultInput({ candidateId: 'D0', set: 'DA', paperId: 'DA-2026', normMarks: 99 }));
      await store.results.upsert(resultInput({ candidateId: 'U0', uploaded: true }));
      expect(await store.results.countByPaper('CS1-2026')).toBe(5);
      expect(await store.results.countByPaper('CS2-2026')).toBe(0);
    });

    it('gives the marks of a paper for crowd statistics', async () => {
      await store.results.upsert(resultInput({ candidateId: 'A', normMarks: 50, totalMarks: 48, session: 'forenoon' }));
      await store.results.upsert(resultInput({ candidateId: 'B', normMarks: 30, totalMarks: 33, session: undefined }));
      await store.results.upsert(
        resultInput({ candidateId: 'C', set: 'DA', paperId: 'DA-2026', normMarks: 70, totalMarks: 70 }),
      );
      const marks = await store.results.marksOfPaper('CS1-2026');
      expect(marks.sort((a, b) => b.normMarks - a.normMarks).map(({ id: _id, ...figures }) => figures)).toEqual([
        { normMarks: 50, totalMarks: 48 },
        { normMarks: 30, totalMarks: 33 },
      ]);
      expect(marks.every((entry) => typeof entry.id === 'string')).toBe(true);
    });

    it('gives the marks fetched results of a paper were given since a time, oldest first, the last one counting', async () => {
      const base = Date.now() - minutes(1);
      const at = (second: number) => new Date(base + second * 1000);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const input = resultInput({ candidateId: `P${i}`, normMarks: i, totalMarks: i });
        ids.push((await store.results.upsert(input, at(i))).id);
      }
      await store.results.upsert(resultInput({ candidateId: 'U', uploaded: true, normMarks: 99 }), at(3));
      await store.results.upsert(
        resultInput({ candidateId: 'D', set: 'DA', paperId: 'DA-2026', normMarks: 98 }),
        at(3),
      );
      const since3 = await store.results.marksChangedSince('CS1-2026', at(3));
      expect(since3).toEqual([
        { id: ids[3], normMarks: 3, totalMarks: 3 },
        { id: ids[4], normMarks: 4, totalMarks: 4 },
      ]);
      // Checked again with other marks, then re-scored: both changes, in order.
      await store.results.upsert(resultInput({ candidateId: 'P1', normMarks: 11, totalMarks: 10 }), at(6));
      await store.results.updateScores(ids[1]!, { normMarks: 12, totalMarks: 12 });
      expect(await store.results.marksChangedSince('CS1-2026', at(5))).toEqual([
        { id: ids[1], normMarks: 11, totalMarks: 10 },
        { id: ids[1], normMarks: 12, totalMarks: 12 },
      ]);
      expect(await store.results.marksChangedSince('CS1-2026', new Date(Date.now() + minutes(1)))).toEqual([]);
    });

    it(`forgets marks changes older than ${MARKS_CHANGES_KEPT_MS / 60_000} minutes, as they are written`, async () => {
      const old = new Date(Date.now() - MARKS_CHANGES_KEPT_MS - minutes(1));
      await store.results.upsert(resultInput({ candidateId: 'Old', normMarks: 1 }), old);
      expect(await store.results.marksChangedSince('CS1-2026', new Date(0))).toHaveLength(1);
      await store.results.upsert(resultInput({ candidateId: 'New', normMarks: 2 }));
      await expect
        .poll(async () =>
          (await store.results.marksChangedSince('CS1-2026', new Date(0))).map((marks) => marks.normMarks),
        )
        .toEqual([2]);
      // Only the changes went: the result stays.
      expect(await store.results.countByPaper('CS1-2026')).toBe(2);
    });

    it("walks a paper's results in batches that together hold each result once, optionally only those scored with older keys", async () => {
      for (let i = 0; i < 7; i++) {
        await store.results.upsert(resultInput({ candidateId: `C${i}`, keyVersion: i % 2 === 0 ? 1 : 2 }));
      }
      await store.results.upsert(resultInput({ candidateId: 'D0', set: 'DA', paperId: 'DA-2026' }));
      const seen: string[] = [];
      let afterId: string | undefined;
      for (;;) {
        const batch = await store.results.listByPaper('CS1-2026', { afterId, limit: 3 });
        const last = batch.at(-1);
        if (!last) break;
        seen.push(...batch.map((r) => r.candidateId));
        afterId = last.id;
      }
      expect(seen.sort()).toEqual(['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
      const outdated = await store.results.listByPaper('CS1-2026', { limit: 100, keyVersionBelow: 2 });
      expect(outdated.map((r) => r.candidateId).sort()).toEqual(['C0', 'C2', 'C4', 'C6']);
    });

    it('names the results of a paper left on older keys, uploads too, and fetches results by id', async () => {
      const old = await store.results.upsert(resultInput({ candidateId: 'Old', keyVersion: 1 }));
      const upload = await store.results.upsert(resultInput({ candidateId: 'Up', keyVersion: 1, uploaded: true }));
      await store.results.upsert(resultInput({ candidateId: 'Current', keyVersion: 2 }));
      await store.results.upsert(resultInput({ candidateId: 'Other', set: 'DA', paperId: 'DA-2026', keyVersion: 1 }));
      expect((await store.results.idsScoredBelow('CS1-2026', 2)).sort()).toEqual([old.id, upload.id].sort());
      expect(await store.results.idsScoredBelow('CS1-2026', 1)).toEqual([]);
      const found = await store.results.findByIds([upload.id, '000000000000000000000000', old.id]);
      expect(found.map((result) => result.candidateId).sort()).toEqual(['Old', 'Up']);
      expect(found.find((result) => result.id === old.id)).toEqual(await store.results.findById(old.id));
      expect(await store.results.findByIds([])).toEqual([]);
    });

    it('updates the scores of a result after re-scoring, leaving the rest', async () => {
      const { id } = await store.results.upsert(resultInput());
      const scoredAt = new Date('2026-03-21T09:00:00Z');
      expect(await store.results.updateScores(id, { totalMarks: 45, normMarks: 46.2, keyVersion: 4, scoredAt })).toBe(
        true,
      );
      expect(await store.results.findById(id)).toMatchObject({
        totalMarks: 45,
        normMarks: 46.2,
        keyVersion: 4,
        scoredAt,
        finalMarks: 44,
        responses: resultInput().responses,
      });
      expect((await store.results.marksOfPaper('CS1-2026')).map((marks) => marks.normMarks)).toEqual([46.2]);
      expect(await store.results.updateScores('000000000000000000000000', { totalMarks: 1 })).toBe(false);
    });

    it('never puts marks of an older key version over newer ones', async () => {
      const { id } = await store.results.upsert(resultInput());
      const scoredAt = new Date('2026-03-21T09:00:00Z');
      const newer = { totalMarks: 50, keyVersion: 5, scoredAt };
      expect(await store.results.updateScores(id, newer, { keyVersionBelow: 5 })).toBe(true);
      // A run that lost its lease, still working on version 4, arrives late: nothing changes.
      const stale = { totalMarks: 10, keyVersion: 4, scoredAt };
      expect(await store.results.updateScores(id, stale, { keyVersionBelow: 4 })).toBe(false);
      expect(await store.results.updateScores(id, newer, { keyVersionBelow: 5 })).toBe(false);
      expect(await store.results.findById(id)).toMatchObject({ totalMarks: 50, keyVersion: 5 });
    });

    it('re-scores a batch, each result on its own terms, and records the fetched ones among the marks changes', async () => {
      const since = new Date(Date.now() - 1_000);
      const behind = await store.results.upsert(resultInput({ candidateId: 'Behind', keyVersion: 3 }));
      const ahead = await store.results.upsert(resultInput({ candidateId: 'Ahead', keyVersion: 5, totalMarks: 70 }));
      const upload = await store.results.upsert(resultInput({ candidateId: 'Up', keyVersion: 3, uploaded: true }));
      const scores = { totalMarks: 61, normMarks: 62, keyVersion: 5 };
      const written = await store.results.updateScoresOf(
        [behind, ahead, upload, { id: '000000000000000000000000' }].map(({ id }) => ({ id, scores })),
        { keyVersionBelow: 5 },
      );
      expect(written.sort()).toEqual([behind.id, upload.id].sort());
      expect(await store.results.findById(behind.id)).toMatchObject(scores);
      expect(await store.results.findById(upload.id)).toMatchObject(scores);
      expect(await store.results.findById(ahead.id)).toMatchObject({ totalMarks: 70, keyVersion: 5 });
      const changes = await store.results.marksChangedSince('CS1-2026', since);
      expect(changes.at(-1)).toEqual({ id: behind.id, normMarks: 62, totalMarks: 61 });
      expect(changes.filter((marks) => marks.id === upload.id)).toEqual([]);
    });

    it("lists a result's marks changes in the order they were written, many in one millisecond", async () => {
      const since = new Date(Date.now() - 1_000);
      const { id } = await store.results.upsert(resultInput({ candidateId: 'Often' }));
      for (let marks = 1; marks <= 30; marks++) {
        await store.results.updateScores(id, { totalMarks: marks, normMarks: marks });
      }
      const ofResult = (await store.results.marksChangedSince('CS1-2026', since)).filter((change) => change.id === id);
      expect(ofResult.slice(1).map((change) => change.totalMarks)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    });

    it('ends with the newest key version whatever order two re-scoring writes of one result land in', async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const { id } = await store.results.upsert(resultInput({ candidateId: `R${attempt}`, keyVersion: 3 }));
        const newer = store.results.updateScores(id, { totalMarks: 50, keyVersion: 5 }, { keyVersionBelow: 5 });
        const older = store.results.updateScores(id, { totalMarks: 40, keyVersion: 4 }, { keyVersionBelow: 4 });
        expect(await newer).toBe(true);
        await older;
        expect(await store.results.findById(id)).toMatchObject({ totalMarks: 50, keyVersion: 5 });
      }
    });
  });

  describe('uploads confirmed by the portal', () => {
    it('gives an upload the owner its uploader verified, once, and no fetched result', async () => {
      const upload = await store.results.upsert(
        resultInput({
          resultKey: 'upload owner',
          uploaded: true,
          link: undefined,
          email: undefined,
          isVerified: false,
        }),
      );
      const fetched = await store.results.upsert(
        resultInput({ resultKey: 'fetched owner', email: undefined, isVerified: false }),
      );
      expect(await store.results.verifyOwner(upload.id, 'asha@example.com')).toBe(true);
      expect(await store.results.findById(upload.id)).toMatchObject({ email: 'asha@example.com', isVerified: true });
      expect(await store.results.verifyOwner(upload.id, 'someone@example.com')).toBe(false);
      expect(await store.results.findById(upload.id)).toMatchObject({ email: 'asha@example.com' });
      expect(await store.results.verifyOwner(fetched.id, 'asha@example.com')).toBe(false);
      expect(await store.results.findById(fetched.id)).toMatchObject({ isVerified: false });
      expect(await store.results.verifyOwner('000000000000000000000000', 'asha@example.com')).toBe(false);
    });

    it('confirms only the uploads of that paper and candidate with the same responses, until sent again', async () => {
      const responses = { q1: 'A', q2: '' };
      const upload = (key: string, fields: Partial<Parameters<typeof resultInput>[0]> = {}) =>
        store.results.upsert(
          resultInput({
            resultKey: key,
            candidateId: 'CS26S11',
            uploaded: true,
            link: undefined,
            responses,
            ...fields,
          }),
        );
      const same = await upload('upload same');
      const edited = await upload('upload edited', { responses: { q1: 'B', q2: '' } });
      const otherCandidate = await upload('upload other', { candidateId: 'CS26S12' });
      const paperId = (await store.results.findById(same.id))!.paperId;

      expect(await store.results.confirmUploads(paperId, 'CS26S11', { q1: 'A' })).toEqual([same.id]);
      expect(await store.results.findById(same.id)).toMatchObject({ confirmed: true });
      expect(await store.results.findById(edited.id)).not.toHaveProperty('confirmed');
      expect(await store.results.findById(otherCandidate.id)).not.toHaveProperty('confirmed');
      expect(await store.results.confirmUploads(paperId, 'CS26S11', { q1: 'A' })).toEqual([]);

      await upload('upload same');
      expect(await store.results.findById(same.id)).not.toHaveProperty('confirmed');
    });
  });

  describe('mail outbox', () => {
    it('keeps mails and lists the newest first', async () => {
      const base = Date.parse('2026-03-20T10:00:00Z');
      await store.mail.add({ to: 'a@example.com', subject: 'Verify', text: 'link 1', createdAt: new Date(base) });
      await store.mail.add({
        to: 'b@example.com',
        subject: 'Reset',
        text: 'link 2',
        html: '<p>link 2</p>',
        createdAt: new Date(base + 1000),
      });
      const mails = await store.mail.list();
      expect(mails.map(({ id: _id, ...mail }) => mail)).toEqual([
        {
          to: 'b@example.com',
          subject: 'Reset',
          text: 'link 2',
          html: '<p>link 2</p>',
          createdAt: new Date(base + 1000),
        },
        { to: 'a@example.com', subject: 'Verify', text: 'link 1', createdAt: new Date(base) },
      ]);
      expect(await store.mail.list(1)).toHaveLength(1);
    });
  });

  describe('limits', () => {
    const rule = { name: 'contract-checks', points: 30, windowMs: 60_000 };
    const outcomes = (settled: PromiseSettledResult<unknown>[]) => ({
      allowed: settled.filter((outcome) => outcome.status === 'fulfilled').length,
      refused: settled.filter((outcome) => outcome.status === 'rejected').length,
    });

    it('lets exactly the limit through when requests arrive at once', async () => {
      const limiter = store.limiters(rule);
      const settled = await Promise.allSettled(Array.from({ length: 40 }, () => limiter.consume('203.0.113.7')));
      expect(outcomes(settled)).toEqual({ allowed: 30, refused: 10 });
      expect((await limiter.get('203.0.113.7'))?.msBeforeNext).toBeLessThanOrEqual(rule.windowMs);
      // Another address, and another limit on the same address, count on their own.
      await expect(limiter.consume('203.0.113.8')).resolves.toMatchObject({ remainingPoints: 29 });
      await expect(store.limiters({ ...rule, name: 'contract-mails' }).consume('203.0.113.7')).resolves.toBeTruthy();
    });

    it.runIf(lane === 'mongodb')('counts once for every instance on the same database', async () => {
      const otherInstance = await location.open();
      try {
        const here = store.limiters(rule);
        const there = otherInstance.limiters(rule);
        const settled = await Promise.allSettled(
          Array.from({ length: 31 }, (_, index) => (index % 2 ? here : there).consume('203.0.113.9')),
        );
        expect(outcomes(settled)).toEqual({ allowed: 30, refused: 1 });
      } finally {
        await otherInstance.close();
      }
    });
  });

  describe('re-scoring jobs', () => {
    const LEASE = 10_000;
    const at = (ms: number) => new Date(Date.UTC(2026, 1, 20) + ms);

    it('gives a requested job to exactly one of several claimers at once', async () => {
      await store.jobs.request('CS 1 2026', at(0));
      const claims = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => store.jobs.claim(owner, LEASE, at(1))));
      const winners = claims.filter((claim) => claim !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ paperId: 'CS 1 2026', state: 'running', leaseUntil: at(1 + LEASE) });
      expect(await store.jobs.claim('e', LEASE, at(2))).toBeNull();
    });

    it('lets another instance take over a job whose lease ran out, and not before', async () => {
      await store.jobs.request('DA 2026', at(0));
      await store.jobs.claim('killed', LEASE, at(0));
      expect(await store.jobs.renew('DA 2026', 'killed', LEASE, { rescored: 40, total: 100 }, at(1_000))).toBe(true);
      expect(await store.jobs.claim('other', LEASE, at(LEASE))).toBeNull();
      const taken = await store.jobs.claim('other', LEASE, at(1_000 + LEASE));
      expect(taken).toMatchObject({ owner: 'other', rescored: 40, total: 100 });
      // The first holder has lost it: it can neither renew nor finish the job.
      expect(await store.jobs.renew('DA 2026', 'killed', LEASE, { rescored: 50, total: 100 }, at(LEASE + 1_001))).toBe(
        false,
      );
      await store.jobs.finish('DA 2026', 'killed', { state: 'done' });
      expect((await store.jobs.list())[0]).toMatchObject({ owner: 'other', state: 'running' });
    });

    it('runs another pass when the key changes during a run, and says done after it', async () => {
      await store.jobs.request('CS 2 2026', at(0));
      await store.jobs.claim('a', LEASE, at(1));
      await store.jobs.request('CS 2 2026', at(2));
      await store.jobs.finish('CS 2 2026', 'a', { state: 'done' }, at(3));
      expect((await store.jobs.list())[0]).toMatchObject({ state: 'queued', requested: 2, claimed: 1 });
      await store.jobs.claim('b', LEASE, at(4));
      await store.jobs.finish('CS 2 2026', 'b', { state: 'done' }, at(5));
      expect((await store.jobs.list())[0]).toMatchObject({ state: 'done', requested: 2, claimed: 2 });
      expect(await store.jobs.claim('c', LEASE, at(6))).toBeNull();
    });

    it('hands a released lease over at once, and records a failure with its message', async () => {
      await store.jobs.request('CS 1 2025', at(0));
      await store.jobs.claim('stopping', LEASE, at(0));
      await store.jobs.release('CS 1 2025', 'stopping', at(1));
      expect(await store.jobs.claim('next', LEASE, at(2))).toMatchObject({ owner: 'next' });
      await store.jobs.finish('CS 1 2025', 'next', { state: 'failed', error: 'It broke.' }, at(3));
      expect((await store.jobs.list())[0]).toMatchObject({ state: 'failed', error: 'It broke.' });
    });

    it('asks many times at once and loses none of the requests', async () => {
      await Promise.all(Array.from({ length: 8 }, () => store.jobs.request('CS 1 2024')));
      expect((await store.jobs.list())[0]).toMatchObject({ requested: 8, state: 'queued' });
    });
  });

  describe('answer-key versions', () => {
    const version = (number: number, label: string, keys: Record<string, string>) => ({
      paperId: 'CS 1 2026',
      version: number,
      label,
      source: 'import' as const,
      by: 'admin@example.com',
      keys,
      createdAt: new Date(Date.UTC(2026, 2, number)),
    });

    it('keeps every version of a paper, newest first, and finds one by its number', async () => {
      await store.keyVersions.record(version(3, 'provisional', { '1': 'A' }));
      await store.keyVersions.record(version(7, 'final', { '1': 'B', '2': 'MTA' }));
      await store.keyVersions.record({ ...version(2, 'provisional', {}), paperId: 'DA 2026' });
      expect((await store.keyVersions.list('CS 1 2026')).map((v) => [v.version, v.label])).toEqual([
        [7, 'final'],
        [3, 'provisional'],
      ]);
      expect(await store.keyVersions.latest('CS 1 2026')).toMatchObject({ version: 7, keys: { '1': 'B', '2': 'MTA' } });
      expect(await store.keyVersions.find('CS 1 2026', 3)).toMatchObject({
        label: 'provisional',
        by: 'admin@example.com',
      });
      expect(await store.keyVersions.find('CS 1 2026', 4)).toBeNull();
      expect(await store.keyVersions.latest('CS 2 2026')).toBeNull();
    });

    it("keeps the marks an official key's Marks column gave with its version", async () => {
      await store.keyVersions.record({ ...version(2, 'final', { '7': 'A' }), marks: { '7': 2, '8': 1 } });
      expect(await store.keyVersions.find('CS 1 2026', 2)).toMatchObject({
        keys: { '7': 'A' },
        marks: { '7': 2, '8': 1 },
      });
      await store.keyVersions.record(version(3, 'edit', { '7': 'B' }));
      expect((await store.keyVersions.find('CS 1 2026', 3))?.marks).toBeUndefined();
    });

    it('keeps the first record of a version recorded twice at once, and marks its alerts planned once', async () => {
      const [first, second] = await Promise.all([
        store.keyVersions.record(version(5, 'final', { '1': 'C' })),
        store.keyVersions.record(version(5, 'edit', { '1': 'C' })),
      ]);
      expect(first.label).toBe(second.label);
      expect((await store.keyVersions.list('CS 1 2026')).length).toBe(1);
      const planned = new Date(Date.UTC(2026, 2, 9));
      await store.keyVersions.markAlertsPlanned('CS 1 2026', 5, planned);
      expect((await store.keyVersions.latest('CS 1 2026'))?.alertsPlannedAt).toEqual(planned);
    });
  });

  describe('score alerts', () => {
    const alert = {
      resultId: 'r1',
      email: 'asha@example.com',
      paperId: 'CS 1 2026',
      set: 'CS 1',
      toldTotal: 41,
      toldVersion: 3,
    };

    it('turns an alert on and off, keeping what the candidate was told while it stays on', async () => {
      const { id } = await store.scoreAlerts.subscribe(alert);
      await store.scoreAlerts.markTold(id, { toldTotal: 43, toldVersion: 5 });
      expect(await store.scoreAlerts.subscribe({ ...alert, toldTotal: 50, toldVersion: 9 })).toMatchObject({
        active: true,
        toldTotal: 43,
        toldVersion: 5,
      });
      expect(await store.scoreAlerts.unsubscribe(id)).toMatchObject({ active: false });
      expect(await store.scoreAlerts.listActive('CS 1 2026')).toEqual([]);
      // Asked again after stopping: it starts from what the scorecard shows now.
      expect(await store.scoreAlerts.subscribe({ ...alert, toldTotal: 50, toldVersion: 9 })).toMatchObject({
        active: true,
        toldTotal: 50,
      });
      expect(await store.scoreAlerts.unsubscribe('nobody')).toBeNull();
    });

    it('keeps one alert per result and address: two addresses of one result each have their own', async () => {
      const asha = await store.scoreAlerts.subscribe(alert);
      const ravi = await store.scoreAlerts.subscribe({ ...alert, email: 'Ravi@Example.com', toldTotal: 40 });
      expect(ravi.id).not.toBe(asha.id);
      expect(ravi).toMatchObject({ resultId: 'r1', email: 'ravi@example.com', toldTotal: 40 });
      await store.scoreAlerts.unsubscribe(asha.id);
      expect(await store.scoreAlerts.find(asha.id)).toMatchObject({ active: false, email: 'asha@example.com' });
      expect((await store.scoreAlerts.listActive('CS 1 2026')).map((a) => a.email)).toEqual(['ravi@example.com']);
    });

    it('lists the alerts that are on per paper', async () => {
      await store.scoreAlerts.subscribe(alert);
      const second = await store.scoreAlerts.subscribe({ ...alert, resultId: 'r2', email: 'b@example.com' });
      await store.scoreAlerts.subscribe({ ...alert, resultId: 'r3', paperId: 'DA 2026', set: 'DA' });
      await store.scoreAlerts.unsubscribe(second.id);
      expect((await store.scoreAlerts.listActive('CS 1 2026')).map((a) => a.resultId)).toEqual(['r1']);
      expect(await store.scoreAlerts.activePaperIds()).toEqual(['CS 1 2026', 'DA 2026']);
    });
  });

  describe('official results', () => {
    const report = {
      resultId: 'r1',
      paperId: 'CS1-2025',
      set: 'CS 1',
      year: 2025,
      rank: 1500,
      score: 640,
      source: 'typed' as const,
      predicted: { rank: 1400, rankRange: [900, 2600] as [number, number], normMarks: 62.33, score: 655 },
    };

    it('keeps one official result per result and refuses a second, whatever it says', async () => {
      const first = await store.officialReports.add(report, new Date('2025-03-20T10:00:00Z'));
      expect(first.reportedAt).toEqual(new Date('2025-03-20T10:00:00Z'));
      await expect(
        store.officialReports.add({ ...report, rank: 3000, source: 'pdf', marks: 60.1 }),
      ).rejects.toBeInstanceOf(DuplicateError);
      expect(await store.officialReports.findByResult('r1')).toEqual(first);
      expect(await store.officialReports.findByResult('r2')).toBeNull();
    });

    it('keeps the marks a scorecard printed only when it printed them, and lists a year oldest first', async () => {
      await store.officialReports.add({ ...report, resultId: 'r2', marks: 70.5, source: 'pdf' }, new Date(2_000));
      await store.officialReports.add(report, new Date(1_000));
      await store.officialReports.add({ ...report, resultId: 'r3', year: 2026 }, new Date(3_000));
      const of2025 = await store.officialReports.list({ year: 2025 });
      expect(of2025.map((r) => [r.resultId, r.marks])).toEqual([
        ['r1', undefined],
        ['r2', 70.5],
      ]);
      expect(of2025[0]).not.toHaveProperty('marks');
      expect((await store.officialReports.list()).map((r) => r.resultId)).toEqual(['r1', 'r2', 'r3']);
    });

    it('logs every quarantine and restore, holding the report out only between them', async () => {
      await store.officialReports.add({ ...report, provenance: 'portal' });
      const entry = (action: 'quarantine' | 'restore', at: number) => ({
        action,
        by: 'admin-1',
        at: new Date(at),
        reason: `${action} reason`,
      });
      const held = await store.officialReports.moderate('r1', entry('quarantine', 1_000));
      expect(held).toMatchObject({ quarantined: true, moderation: [entry('quarantine', 1_000)] });
      const restored = await store.officialReports.moderate('r1', entry('restore', 2_000));
      expect(restored).not.toHaveProperty('quarantined');
      const [stored] = await store.officialReports.list();
      expect(stored).not.toHaveProperty('quarantined');
      expect(stored!.moderation).toEqual([entry('quarantine', 1_000), entry('restore', 2_000)]);
      expect(await store.officialReports.moderate('r9', entry('quarantine', 3_000))).toBeNull();
    });

    it("moves reports to the provenance their results' portal links confirmed", async () => {
      await store.officialReports.add({ ...report, provenance: 'uploaded' });
      await store.officialReports.setProvenance(['r1', 'unknown'], 'confirmed');
      expect(await store.officialReports.findByResult('r1')).toMatchObject({ provenance: 'confirmed' });
    });
  });

  describe("the crowd's measured lean", () => {
    const measurement = (year: number, reports: number) => ({
      paper: 'CS' as const,
      year,
      reports,
      crowdSize: 2000,
      appeared: 170825,
      qualifyingMarks: 29.2,
      lean: { xs: [-15, 0, 20], lnLeans: [-0.4, 0, 1.25], strength: 0.35 },
      covariance: [
        [0.04, 0.01],
        [0.01, 0.09],
      ],
      shares: [{ shape: { beta: 0.35 }, weight: 1 }],
    });

    it('keeps one measurement per paper and year, the latest, with its count and uncertainty', async () => {
      await store.leanMeasurements.record(measurement(2025, 40));
      await store.leanMeasurements.record(measurement(2024, 25));
      await store.leanMeasurements.record(measurement(2025, 90));
      const stored = await store.leanMeasurements.list();
      expect(stored.sort((a, b) => a.year - b.year)).toEqual([measurement(2024, 25), measurement(2025, 90)]);
    });
  });

  describe('access revocations', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));

    it('keeps the latest line of each holder, answers the latest of several, and drops what has expired', async () => {
      expect(await store.accessRevocations.revokedBefore(['device:a', 'address:x'])).toBeNull();
      await store.accessRevocations.revoke('device:a', at(10), at(50));
      await Promise.all([
        store.accessRevocations.revoke('address:x', at(20), at(40)),
        store.accessRevocations.revoke('address:x', at(15), at(35)),
      ]);
      expect(await store.accessRevocations.revokedBefore(['device:a', 'address:x'])).toEqual(at(20));
      expect(await store.accessRevocations.revokedBefore(['device:a', 'address:y'])).toEqual(at(10));
      await store.accessRevocations.revoke('device:a', at(30), at(60));
      expect(await store.accessRevocations.revokedBefore(['device:a'])).toEqual(at(30));
      expect(await store.accessRevocations.forgetExpired(at(45))).toBe(1);
      expect(await store.accessRevocations.revokedBefore(['address:x'])).toBeNull();
      expect(await store.accessRevocations.revokedBefore(['device:a'])).toEqual(at(30));
    });
  });

  describe('erasure of an address', () => {
    it("removes the address's results with their reports and alerts, its alerts and its verifications, and nothing else", async () => {
      const mine = await store.results.upsert(resultInput({ candidateId: 'CS26S1', email: 'gone@example.com' }));
      const theirs = await store.results.upsert(resultInput({ candidateId: 'CS26S2', email: 'kept@example.com' }));
      const subscribe = (resultId: string, email: string) =>
        store.scoreAlerts.subscribe({
          resultId,
          email,
          paperId: 'CS1-2026',
          set: 'CS 1',
          toldTotal: 40,
          toldVersion: 1,
        });
      const onMine = await subscribe(mine.id, 'kept@example.com');
      const onTheirs = await subscribe(theirs.id, 'gone@example.com');
      const kept = await subscribe(theirs.id, 'kept@example.com');
      await store.alertMails.enqueue({
        alertId: onTheirs.id,
        resultId: theirs.id,
        paperId: 'CS1-2026',
        newTotal: 42,
        to: 'gone@example.com',
        version: 2,
        subject: 'Your score changed',
        text: 'text',
        html: '<p>html</p>',
        headers: {},
      });
      const report = { paperId: 'CS1-2026', set: 'CS 1', year: 2026, rank: 10, score: 900, source: 'typed' as const };
      const predicted = { rank: 12, rankRange: [8, 20] as [number, number], normMarks: 80, score: 880 };
      await store.officialReports.add({ ...report, predicted, resultId: mine.id });
      await store.officialReports.add({ ...report, predicted, resultId: theirs.id });
      await store.verifications.markVerified('link-1', 'gone@example.com');
      await store.verifications.markVerified('link-1', 'kept@example.com');

      expect(await store.erasures.eraseAddress(' Gone@Example.com ')).toEqual({ results: 1, alerts: 2, reports: 1 });

      expect(await store.results.findById(mine.id)).toBeNull();
      expect(await store.results.findById(theirs.id)).not.toBeNull();
      expect(await store.scoreAlerts.find(onMine.id)).toBeNull();
      expect(await store.scoreAlerts.find(onTheirs.id)).toBeNull();
      expect(await store.scoreAlerts.find(kept.id)).not.toBeNull();
      expect((await store.alertMails.countByState()).pending).toBe(0);
      expect(await store.officialReports.findByResult(mine.id)).toBeNull();
      expect(await store.officialReports.findByResult(theirs.id)).not.toBeNull();
      expect(await store.verifications.isVerified('link-1', 'gone@example.com')).toBe(false);
      expect(await store.verifications.isVerified('link-1', 'kept@example.com')).toBe(true);
      expect(await store.erasures.eraseAddress('gone@example.com')).toEqual({ results: 0, alerts: 0, reports: 0 });
    });
  });

  describe('store identity', () => {
    it('keeps one identity whose clock every look moves on, across a restart', async () => {
      const first = await store.identity.look();
      const [a, b] = await Promise.all([store.identity.look(), store.identity.look()]);
      expect(new Set([a.identity, b.identity])).toEqual(new Set([first.identity]));
      expect(Math.min(a.ticks, b.ticks)).toBeGreaterThan(first.ticks);
      await store.close();
      store = await location.open();
      const reopened = await store.identity.look();
      expect(reopened.identity).toBe(first.identity);
      expect(reopened.ticks).toBeGreaterThan(Math.max(a.ticks, b.ticks));
    });

    it('gives an emptied store another identity, with its clock started again', async () => {
      for (let look = 0; look < 3; look++) await store.identity.look();
      const before = await store.identity.look();
      await store.close();
      await location.remove();
      store = await location.open();
      const after = await store.identity.look();
      expect(after.identity).not.toBe(before.identity);
      expect(after.ticks).toBeLessThan(before.ticks);
    });
  });

  describe('newest documents', () => {
    it("names each watched collection's newest document until that collection alone is dropped", async () => {
      const first = await store.results.upsert(resultInput({ resultKey: 'first' }), new Date(Date.UTC(2026, 2, 1)));
      const newest = await store.results.upsert(resultInput({ resultKey: 'second' }), new Date(Date.UTC(2026, 2, 2)));
      const user = await store.users.create({
        email: 'a@example.org',
        firstName: 'A',
        passwordHash: 'h',
        userType: 'user',
      });
      const before = await store.identity.look();
      expect(before.newest).toEqual({ results: newest.id, users: user.id });
      expect(await store.identity.holds('results', first.id)).toBe(true);

      await store.close();
      await location.dropCollection('results');
      store = await location.open();
      const after = await store.identity.look();
      expect(after.identity).toBe(before.identity);
      expect(after.newest).toEqual({ users: user.id });
      expect(await store.identity.holds('results', newest.id)).toBe(false);
    });
  });

  describe('score-change mails', () => {
    const LEASE = 30_000;
    const at = (ms: number) => new Date(Date.UTC(2026, 4, 1) + ms);
    const mail = (resultId: string, version: number) => ({
      alertId: resultId,
      resultId,
      paperId: 'CS 1 2026',
      version,
      newTotal: 44,
      to: `${resultId}@example.com`,
      subject: 'Your score changed',
      text: 'text',
      html: '<p>html</p>',
      headers: { 'List-Unsubscribe': '<https://hiregate.example/u>' },
    });

    it('queues one mail per alert and key version', async () => {
      expect(await store.alertMails.enqueue(mail('r1', 7), at(0))).toBe(true);
      expect(await store.alertMails.enqueue(mail('r1', 7), at(1))).toBe(false);
      expect(await store.alertMails.countByState()).toMatchObject({ pending: 1, sent: 0 });
    });

    it('gives each due mail to one of several senders at once, and marks it sent by its sender only', async () => {
      for (const id of ['r1', 'r2', 'r3']) await store.alertMails.enqueue(mail(id, 7), at(0));
      const claims = await Promise.all(['a', 'b'].map((owner) => store.alertMails.claim(owner, LEASE, 10, at(1))));
      const ids = claims.flat().map((claimed) => claimed.id);
      expect(ids.sort()).toEqual(['r1@7', 'r2@7', 'r3@7']);
      const [mine] = claims.find((claimed) => claimed.length > 0)!;
      expect(mine).toMatchObject({ state: 'sending', headers: { 'List-Unsubscribe': '<https://hiregate.example/u>' } });
      expect(await store.alertMails.markSent(mine!.id, 'someone else', at(2))).toBe(false);
      expect(await store.alertMails.markSent(mine!.id, mine!.owner, at(2))).toBe(true);
      expect(await store.alertMails.claim('c', LEASE, 10, at(3))).toEqual([]);
      expect((await store.alertMails.countByState()).sent).toBe(1);
    });

    it("retries a failed mail after its back-off, gives up when told, and frees a dead sender's mails", async () => {
      await store.alertMails.enqueue(mail('r1', 7), at(0));
      await store.alertMails.enqueue(mail('r2', 7), at(0));
      const [first, second] = await store.alertMails.claim('a', LEASE, 10, at(1));
      await store.alertMails.markFailed(first!.id, 'a', 'SMTP 451', at(20_000), at(2));
      expect(await store.alertMails.claim('b', LEASE, 10, at(3))).toEqual([]);
      expect(await store.alertMails.claim('b', LEASE, 10, at(20_000))).toMatchObject([
        { id: first!.id, attempts: 1, error: 'SMTP 451' },
      ]);
      await store.alertMails.markFailed(first!.id, 'b', 'SMTP 550', null, at(20_001));
      // 'a' died holding the second mail: it is due again once the lease ran out.
      expect(await store.alertMails.claim('c', LEASE, 10, at(1 + LEASE))).toMatchObject([
        { id: second!.id, owner: 'c' },
      ]);
      expect(await store.alertMails.countByState()).toMatchObject({ failed: 1, sending: 1 });
    });

    it("gives a stopping sender's mails back at once, and drops an alert's older waiting mails", async () => {
      await store.alertMails.enqueue(mail('r1', 3), at(0));
      await store.alertMails.enqueue(mail('r2', 3), at(0));
      await store.alertMails.claim('a', LEASE, 1, at(1));
      await store.alertMails.release('a', at(2));
      await store.alertMails.supersede('r1', 5, at(3));
      await store.alertMails.supersede('r2', 3, at(3));
      expect(await store.alertMails.countByState()).toMatchObject({ pending: 1, superseded: 1, sending: 0 });
      expect(await store.alertMails.claim('b', LEASE, 10, at(4))).toMatchObject([{ id: 'r2@3' }]);
    });
  });
});
