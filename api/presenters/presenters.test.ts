import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from 'yup';
import {
  paperAnswer,
  allPapersAnswer,
  profileAnswer,
  questionAnswer,
  resultsAnswer,
  sessionAnswer,
} from '../../src/contract';
import { loadConfig } from '../config';
import { loadKeyedPaper } from '../papers/keyed-papers';
import { createStore, type Store } from '../store';
import { buildPaper, buildResult, type BuiltPaper } from '../../test/support/builders';
import { FIXTURE_ORIGIN } from '../../test/support/fixtures';
import { presentPaper, presentPapers, presentProfile, presentQuestion, presentResult, presentSession } from '.';

/** What the answer schema (the one the OpenAPI document publishes) finds wrong with a value: nothing, or each problem. */
async function problemsOf(schema: Schema, value: unknown): Promise<string[]> {
  try {
    await schema.validate(value, { strict: true, abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

/** The presenters' real output, from state the builders make, fits the schemas the document publishes. */
describe('presenters answer in the published shapes', () => {
  let dataDir: string;
  let store: Store;
  let built: BuiltPaper;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-presenters-'));
    store = await createStore(loadConfig({ DATA_DIR: dataDir, DEMO: 'false' }));
    built = await buildPaper(store, 'cs1-2026', { origin: FIXTURE_ORIGIN }, { keyed: 10 });
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a paper, keyed or not', async () => {
    const paper = presentPaper(await loadKeyedPaper(store, built.paper.id));
    expect(paper).toMatchObject({ id: built.paper.id, live: false, keyed: 10 });
    expect(await problemsOf(paperAnswer, paper)).toEqual([]);
  });

  it('questions, with and without a key, one by one and by paper', async () => {
    const questions = built.questions.map(presentQuestion);
    expect(questions.filter((question) => question.answerKey !== undefined)).toHaveLength(10);
    for (const question of questions) expect(await problemsOf(questionAnswer, question)).toEqual([]);
    const papers = presentPapers({ [built.paper.id]: built.questions }, [built.paper]);
    expect(await problemsOf(allPapersAnswer, papers)).toEqual([]);
  });

  it('refuses a question with a field the document does not publish, or without one it promises', async () => {
    const question = presentQuestion(built.questions[0]!);
    expect(await problemsOf(questionAnswer, { ...question, score: 1 })).not.toEqual([]);
    const { long_id: _dropped, ...withoutId } = question;
    expect(await problemsOf(questionAnswer, withoutId)).toEqual(['long_id is a required field']);
  });

  it('results fetched, uploaded, and uploaded then confirmed by the portal, each with its provenance', async () => {
    await store.results.upsert(buildResult({ paperId: built.paper.id }));
    const upload = (candidateId: string) =>
      buildResult({
        paperId: built.paper.id,
        candidateId,
        resultKey: `upload ${candidateId}`,
        uploaded: true,
        link: undefined,
      });
    await store.results.upsert(upload('CS26S41002'));
    await store.results.upsert(upload('CS26S41003'));
    await store.results.confirmUploads(built.paper.id, 'CS26S41003', buildResult().responses);
    const results = (await store.results.list()).map((result) => presentResult(result, built.paper.label));
    expect(results.map((result) => result.uploaded ?? false).sort()).toEqual([false, true, true]);
    expect(Object.fromEntries(results.map((result) => [result.candidateId, result.provenance]))).toEqual({
      CS26S41001: 'portal',
      CS26S41002: 'uploaded',
      CS26S41003: 'confirmed',
    });
    expect(await problemsOf(resultsAnswer, results)).toEqual([]);
    expect(await problemsOf(resultsAnswer, [{ ...results[0], provenance: 'typed' }])).not.toEqual([]);
  });

  it('a profile and a session, never the password hash', async () => {
    const user = await store.users.create({
      email: 'asha@example.com',
      firstName: 'Asha',
      passwordHash: 'hash',
      userType: 'user',
    });
    expect(await problemsOf(profileAnswer, presentProfile(user))).toEqual([]);
    expect(await problemsOf(sessionAnswer, presentSession(user, 'token'))).toEqual([]);
    expect(await problemsOf(profileAnswer, { ...presentProfile(user), passwordHash: 'hash' })).not.toEqual([]);
  });
});
