import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  GateError,
  NO_RESPONSE,
  TEST_PAPERS,
  identifyPaper,
  scoreSheet,
  type KeysByLongId,
  type PaperQuestion as EnginePaperQuestion,
  type ParsedSheet,
  type SheetScorecard,
  type KeyVersionStamp,
  type TestPaper,
} from '../../../src/domain/gate';
import type { Store } from '../../store';
import { keyStampNow, keysOf } from '../key-versions/key-versions';
import { hashLink } from '../../sheets/sheet-source';
import { presentScorecard, type CheckerScorecard } from '../../presenters';
import { createCrowd, type Crowd } from './crowd';
import { createMarksSnapshots } from './marks-snapshot';

/**
 * A check, from a parsed sheet to the stored result and the scorecard: find the stored paper the sheet belongs to,
 * score it with the engine against that paper's keys, predict normalised marks, score and rank, and keep the result.
 */

export const CHECKER_MESSAGES = {
  noKeys: (testPaper: string) => `Answer keys for ${testPaper} are not published yet. Please check again later.`,
  wrongPaper: (actual: string, chosen: string) =>
    `This response sheet is ${actual}, not ${chosen}. Choose ${actual} as the test paper and try again.`,
  choosePaper: `Choose the test paper of this response sheet (${TEST_PAPERS.join(', ')}).`,
} as const;

/** How long a stored paper (questions and keys) is reused before it is read again: key changes show within this. */
export const PAPER_TTL_MS = 3_000;
/** Question IDs of a sheet looked up to find its stored paper (any few identify it). */
const PROBE_QUESTIONS = 3;
/** How long and how many scorecards of repeat link checks are kept (each is ~50 KB). */
export const SCORECARD_TTL_MS = 60_000;
const RECENT_SCORECARDS = 500;

/**
 * Where a sheet came from. A fetched sheet is the portal's own page behind its link. An uploaded page is whatever the
 * uploader sent, with the link they typed (verified or not) only as the key to their e-mail verification.
 */
export type SheetOrigin = { kind: 'link'; link: string } | { kind: 'upload'; html: string; link?: string };

export interface CheckInput {
  sheet: ParsedSheet;
  origin: SheetOrigin;
  /** The paper the candidate chose; when absent (a re-opened scorecard address) the sheet's own paper. */
  testPaper?: TestPaper;
  /** E-mail stored with the result: the verified one when there is one, else the one given. */
  email?: string;
  isVerified: boolean;
}

export interface RankAnswer {
  rank: number;
  totalParticipants: number;
}

export interface Checker {
  check(input: CheckInput): Promise<CheckerScorecard>;
  /** Null when no such result of that paper. */
  rankOf(resultId: string, testPaper: TestPaper): Promise<RankAnswer | null>;
  readonly crowd: Crowd;
}

/** 'CS 1 2026' and the demo's 'CS 1 DEMO' → 'CS 1': paper sets start with the test paper they belong to. */
export function testPaperOfSet(paperSet: string): TestPaper | undefined {
  return TEST_PAPERS.find((testPaper) => paperSet === testPaper || paperSet.startsWith(`${testPaper} `));
}

/** A stored paper as the engine scores it, derived once per read of the paper rather than once per check. */
interface ScoringInputs {
  questions: EnginePaperQuestion[];
  keys: KeysByLongId;
  keyVersion: number;
  /** The key version as the scorecard names it. */
  keyStamp: KeyVersionStamp;
}

async function scoringInputs(store: Store, paperSet: string): Promise<ScoringInputs> {
  const stored = await store.questions.listByPaperSet(paperSet);
  const keyStamp = await keyStampNow(store, paperSet, stored);
  return {
    questions: stored.map((question) => ({ ...question, short_id: String(question.short_id) })),
    keys: keysOf(stored),
    keyVersion: keyStamp.version,
    keyStamp,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What identifies a stored result (with its paper). A fetched sheet: its portal link, whoever checks it. An uploaded
 * page: the upload namespace, the typed link (or, without one, the page itself) and the candidate id the page shows,
 * so an upload only ever replaces an upload of the same link and candidate, never a fetched result or another's.
 */
export function resultIdentity(origin: SheetOrigin, candidateId: string): string {
  if (origin.kind === 'link') return hashLink(origin.link);
  const uploader = origin.link ? `link:${hashLink(origin.link)}` : `page:${sha256(origin.html)}`;
  return sha256(`upload\n${uploader}\n${candidateId}`);
}

/** The response vector kept with a result: Question ID → MASTER response, '' when not answered. */
function responseVector(scorecard: SheetScorecard): Record<string, string> {
  return Object.fromEntries(
    scorecard.response.map((question) => [
      question.long_id,
      question.response_given === NO_RESPONSE ? '' : question.response_given,
    ]),
  );
}

export function createChecker(store: Store): Checker {
  const marks = createMarksSnapshots(store);
  // Built at start, so the first rank or chart does not wait for a million results to be read.
  for (const testPaper of TEST_PAPERS) void marks.of(testPaper).catch(() => undefined);
  const crowd = createCrowd(marks);
  /** Probe Question IDs → paper sets holding them. */
  const paperSetsByProbe = new LRUCache<string, string[]>({
    max: 1_000,
    ttl: PAPER_TTL_MS,
    fetchMethod: async (probe) => {
      const found = await store.questions.findByLongIds(probe.split(','));
      return [...new Set(found.map((question) => question.paperSet))];
    },
  });
  const papers = new LRUCache<string, ScoringInputs>({
    max: 50,
    ttl: PAPER_TTL_MS,
    fetchMethod: (paperSet) => scoringInputs(store, paperSet),
  });

  /** The stored paper of this sheet and test paper, with at least one key; else the message the candidate needs. */
  async function storedPaper(sheet: ParsedSheet, chosen: TestPaper | undefined) {
    const probe = sheet.questions.slice(0, PROBE_QUESTIONS).map((question) => question.longId);
    const paperSets = (await paperSetsByProbe.fetch(probe.join(',')))!;
    const identified = identifyPaper(sheet);
    const testPaper = chosen ?? identified ?? paperSets.map(testPaperOfSet).find(Boolean);
    if (!testPaper) throw new GateError('WRONG_PAPER', CHECKER_MESSAGES.choosePaper);
    if (identified && identified !== testPaper) {
      throw new GateError('WRONG_PAPER', CHECKER_MESSAGES.wrongPaper(identified, testPaper));
    }
    const paperSet = paperSets.find((set) => testPaperOfSet(set) === testPaper);
    if (!paperSet) {
      const other = paperSets.map(testPaperOfSet).find(Boolean);
      if (other) throw new GateError('WRONG_PAPER', CHECKER_MESSAGES.wrongPaper(other, testPaper));
      throw new NoKeysError(testPaper);
    }
    const inputs = (await papers.fetch(paperSet))!;
    if (Object.keys(inputs.keys).length === 0) throw new NoKeysError(testPaper);
    return { testPaper, paperSet, ...inputs };
  }

  /**
   * Repeat checks of a link (the scorecard page re-opened, shared, polled on answer-key day) get the scorecard made
   * a moment ago: everything it depends on is in the key (the link, its stored paper and key version, the e-mail and
   * its verification), so only the prediction can be up to SCORECARD_TTL_MS old. Uploads are always scored afresh.
   */
  const recentScorecards = new LRUCache<string, CheckerScorecard>({ max: RECENT_SCORECARDS, ttl: SCORECARD_TTL_MS });

  return {
    crowd,

    async check({ sheet, origin, testPaper: chosen, email, isVerified }) {
      const { testPaper, paperSet, questions, keys, keyVersion, keyStamp } = await storedPaper(sheet, chosen);
      const linkHash = resultIdentity(origin, sheet.candidate.id);
      const fetched = origin.kind === 'link';
      const memoKey = fetched && [linkHash, paperSet, keyVersion, email ?? '', isVerified].join('\0');
      const recent = memoKey ? recentScorecards.get(memoKey) : undefined;
      if (recent) return recent;
      const scorecard = scoreSheet(sheet, { testPaper, questions }, keys);
      const total = scorecard.totalScore;
      const prediction = await crowd.predictionFor(testPaper, total['Total Marks']);
      const { id } = await store.results.upsert({
        candidateId: sheet.candidate.id,
        name: sheet.candidate.name,
        email,
        set: testPaper,
        isVerified,
        linkHash,
        // Kept so an administrator can re-open the scorecard (spec: View Scorecard sends the link back).
        link: fetched ? origin.link.trim() : undefined,
        uploaded: fetched ? undefined : true,
        responses: responseVector(scorecard),
        totalMarks: total['Total Marks'],
        finalMarks: total['Final Marks'],
        negativeMarks: total['Negative Marks'],
        attempts: total.Attempts,
        incorrectAttempts: total['Incorrect Attempts'],
        normMarks: prediction.normMarks,
        keyVersion,
        scoredAt: new Date(),
      });
      // The candidate sees themselves in the chart and the rank at once (other instances within a look or two).
      if (fetched) marks.record(testPaper, { id, normMarks: prediction.normMarks, totalMarks: total['Total Marks'] });
      const checked = presentScorecard(scorecard, { testPaper, prediction, resultId: id, keyVersion: keyStamp });
      if (memoKey) recentScorecards.set(memoKey, checked);
      return checked;
    },

    async rankOf(resultId, testPaper) {
      const snapshot = await marks.of(testPaper);
      const normMarks = snapshot.normMarksOf(resultId);
      if (normMarks !== undefined) return { rank: snapshot.rankOf(normMarks), totalParticipants: snapshot.count };
      // Not one of the paper's fetched results as this instance knows them: an upload, or one stored elsewhere since
      // the last look. It is ranked among them without being one of them.
      const result = await store.results.findById(resultId);
      if (!result || result.set !== testPaper) return null;
      return { rank: snapshot.rankOf(result.normMarks), totalParticipants: snapshot.count + 1 };
    },
  };
}

/** The paper has no stored answer keys yet (or is not stored at all). */
export class NoKeysError extends Error {
  constructor(readonly testPaper: string) {
    super(CHECKER_MESSAGES.noKeys(testPaper));
    this.name = 'NoKeysError';
  }
}
