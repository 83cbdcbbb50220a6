import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  assertChosenPaper,
  identifySheet,
  isGateError,
  NO_RESPONSE,
  scoreSheet,
  testPaperOf,
  type GateErrorCode,
  type ParsedSheet,
  type SheetScorecard,
  type TestPaper,
} from '../../../src/domain/gate';
import { provenanceOf, sameResponses } from '../../../src/domain/gate/result-provenance';
import type { Paper, Result, Store, StoreWatch } from '../../store';
import { marksOf, rankedAsOf, scoreStoredResult, type KeyedPaper, type Papers } from '../../papers';
import type { CheckedScorecard, PresentedRank } from '../../presenters';
import type { Crowd } from '../../crowd/crowd';
import type { MarksSnapshots } from '../../crowd/marks-snapshot';

/**
 * A check, from a parsed sheet to the stored result and the scorecard: find the stored paper the sheet belongs to (by
 * its Question IDs, cross-checked with the paper the sheet and the candidate name), score it with the engine against
 * that paper's published key, predict normalised marks, score and rank, and keep the result: one per paper and
 * candidate id.
 */

export const CHECKER_MESSAGES = {
  noPaper: (paper: string) => `Answer keys for ${paper} are not published yet. Please check again later.`,
  keyIncomplete: (paper: string, keyed: number, total: number) =>
    `The answer key for ${paper} is not complete yet (${keyed} of ${total} questions). Please check again later.`,
  retired: (paper: string) =>
    `${paper} is no longer scored here: it was a demo paper. Check a response sheet of the real paper instead.`,
} as const;

/** Why a sheet cannot be scored now: no stored paper holds it, or its paper's key is not complete. */
export class PaperNotLiveError extends Error {
  constructor(
    message: string,
    readonly code: 'NO_PAPER' | 'NO_KEYS' | 'KEY_INCOMPLETE' | 'PAPER_RETIRED',
  ) {
    super(message);
    this.name = 'PaperNotLiveError';
  }
}

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
  /** The key version the client was told of (a scorecard refreshing after a key change): scored with at least it. */
  minKeyVersion?: number;
  /** On a paper with parts whose sheet does not settle the choice: the optional sections the candidate chose. */
  sections?: readonly string[];
}

/** What is checked before anyone is asked to verify an e-mail: the sheet, the paper chosen and the sections. */
export type PrecheckInput = Pick<CheckInput, 'testPaper' | 'sections'>;

/**
 * The engine's refusals a candidate can act on at once, said before they are asked for an e-mail: a sheet of another
 * paper than the one chosen (or of no GATE paper), and the sections they must say they chose.
 */
const REFUSED_BEFORE_EMAIL: ReadonlySet<GateErrorCode> = new Set([
  'WRONG_PAPER',
  'UNKNOWN_PAPER',
  'SECTION_CHOICE_NEEDED',
]);

export type RankAnswer = PresentedRank;

export interface Checker {
  check(input: CheckInput): Promise<CheckedScorecard>;
  /**
   * What a check would refuse that the candidate can act on, refused before the e-mail step: a sheet of another paper
   * than the one chosen (naming the paper it is), a paper not scoring yet, and a choice of sections the candidate must
   * make (SectionChoiceError). The rest (the portal slow or down, a page that is no sheet) is told by the check after
   * the e-mail step. Scores without storing anything.
   */
  precheck(load: () => Promise<ParsedSheet> | ParsedSheet, input: PrecheckInput): Promise<void>;
  /** Null when no such result of that test paper. */
  rankOf(resultId: string, testPaper: TestPaper): Promise<RankAnswer | null>;
  /**
   * A stored result's scorecard, scored again from what was stored (responses, statuses) against its paper's
   * published key: the portal is not asked, and an uploaded page's scorecard comes from the upload itself.
   */
  scorecardOf(result: Result, options?: { minKeyVersion?: number }): Promise<CheckedScorecard>;
  /** The paper with this id; or, given a test paper, its newest real paper still scoring (the demo's without one). */
  paperNamed(idOrTestPaper: string): Promise<Paper | null>;
  readonly crowd: Crowd;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Any link: a fetched sheet's key is its paper and candidate id, however its link is written. */
const PORTAL: SheetOrigin = { kind: 'link', link: '' };

/**
 * What identifies a stored result. A fetched sheet: its paper and the candidate id the portal's own page shows, so
 * every way of writing its link (a query, a fragment, a doubled slash) is one result, counted once. An uploaded page:
 * the upload namespace, the typed link (or, without one, the page itself) and the candidate id the page shows, so an
 * upload only ever replaces an upload of the same link and candidate, never a fetched result or another's.
 */
export function resultKeyOf(origin: SheetOrigin, paperId: string, candidateId: string): string {
  if (origin.kind === 'link') return `${paperId} ${candidateId}`;
  const uploader = origin.link ? `link:${sha256(origin.link.trim())}` : `page:${sha256(origin.html)}`;
  return `upload ${sha256(`${paperId}\n${uploader}\n${candidateId}`)}`;
}

/**
 * The statuses a scorecard shows that its responses alone do not tell ('Marked For Review', 'Not Attempted and Marked
 * For Review'), kept so a stored result's scorecard reads as the sheet did.
 */
function markedStatuses(scorecard: SheetScorecard): Record<string, string> | undefined {
  const marked = scorecard.response.filter((question) => /marked/i.test(question.status));
  return marked.length ? Object.fromEntries(marked.map((question) => [question.long_id, question.status])) : undefined;
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

/** A paper scores only whole: not a demo paper stood down, and a key for every question. */
function assertLive({ paper, keyed, total, live }: KeyedPaper): void {
  if (paper.retired) throw new PaperNotLiveError(CHECKER_MESSAGES.retired(paper.label), 'PAPER_RETIRED');
  if (keyed === 0) throw new PaperNotLiveError(CHECKER_MESSAGES.noPaper(paper.label), 'NO_KEYS');
  if (!live) throw new PaperNotLiveError(CHECKER_MESSAGES.keyIncomplete(paper.label, keyed, total), 'KEY_INCOMPLETE');
}

export interface CheckerDeps {
  store: Store;
  papers: Papers;
  storeWatch: Pick<StoreWatch, 'follow'>;
  /** Every fetched result's marks per paper, and the crowd made of them (app.ts makes both). */
  snapshots: MarksSnapshots;
  crowd: Crowd;
}

export function createChecker({ store, papers, storeWatch, snapshots, crowd }: CheckerDeps): Checker {
  /** The live paper this sheet belongs to, scored with at least `minKeyVersion`; else why not, in the candidate's words. */
  async function paperOf(sheet: ParsedSheet, chosen: TestPaper | undefined, minKeyVersion = 0): Promise<KeyedPaper> {
    const identity = identifySheet(sheet);
    if (chosen) assertChosenPaper(identity, chosen);
    const probe = sheet.questions.slice(0, PROBE_QUESTIONS).map((question) => question.longId);
    // A real paper before a demo one, one still scoring before one stood down.
    const [paper] = (await papers.keyed.holding(probe)).sort(
      (a, b) => Number(a.retired) - Number(b.retired) || Number(a.demo) - Number(b.demo),
    );
    if (!paper) {
      const named = chosen ?? (identity && testPaperOf(identity)) ?? 'this paper';
      throw new PaperNotLiveError(CHECKER_MESSAGES.noPaper(named), 'NO_PAPER');
    }
    // A sheet that does not name its paper is told by the paper holding its questions.
    if (chosen) assertChosenPaper(paper, chosen);
    const keyed = (await papers.keyed.get(paper.id, { minKeyVersion }))!;
    assertLive(keyed);
    return keyed;
  }

  /**
   * Repeat checks of a link (the scorecard page re-opened, shared, polled on answer-key day) get the scorecard made
   * a moment ago: everything it depends on is in the key (the result, its paper and key version, the e-mail and its
   * verification), so only the prediction can be up to SCORECARD_TTL_MS old. Uploads are always scored afresh.
   */
  const recentScorecards = new LRUCache<string, CheckedScorecard>({ max: RECENT_SCORECARDS, ttl: SCORECARD_TTL_MS });
  // A store that changed under the instance (a restore): nothing made from the old one answers; the instance is ready
  // again once the new one's snapshots are built.
  storeWatch.follow(async () => {
    recentScorecards.clear();
    crowd.forget();
    await snapshots.start();
  });

  /** The engine's scorecard of a sheet against its paper's published key, counting the sections the candidate chose. */
  function scored(sheet: ParsedSheet, keyed: KeyedPaper, chosen: TestPaper | undefined, sections?: readonly string[]) {
    const testPaper = testPaperOf(keyed.paper) ?? chosen ?? null;
    const scorecard = scoreSheet(sheet, { ...keyed.engine, testPaper }, keyed.keys, { chosenSections: sections });
    return { scorecard, testPaper: testPaper ?? keyed.paper.code };
  }

  return {
    crowd,

    async precheck(load, { testPaper: chosen, sections }) {
      try {
        const sheet = await load();
        scored(sheet, await paperOf(sheet, chosen), chosen, sections);
      } catch (error) {
        const actionable =
          (isGateError(error) && REFUSED_BEFORE_EMAIL.has(error.code)) || error instanceof PaperNotLiveError;
        if (actionable) throw error;
      }
    },

    async check({ sheet, origin, testPaper: chosen, email, isVerified, minKeyVersion, sections }) {
      const keyed = await paperOf(sheet, chosen, minKeyVersion);
      const { paper, keyVersion } = keyed;
      const resultKey = resultKeyOf(origin, paper.id, sheet.candidate.id);
      const fetched = origin.kind === 'link';
      const memoKey =
        fetched && [resultKey, paper.keyVersion, email ?? '', isVerified, sections?.join(',') ?? ''].join('\0');
      const recent = memoKey ? recentScorecards.get(memoKey) : undefined;
      if (recent) return recent;
      const { scorecard, testPaper } = scored(sheet, keyed, chosen, sections);
      const marks = marksOf(scorecard);
      const choice = scorecard.sections;
      const rankedAs = rankedAsOf(scorecard, paper);
      const prediction = await crowd.predictionFor(paper, marks.totalMarks, rankedAs);
      const responses = responseVector(scorecard);
      const { id } = await store.results.upsert({
        candidateId: sheet.candidate.id,
        name: sheet.candidate.name,
        email,
        set: testPaper,
        paperId: paper.id,
        isVerified,
        resultKey,
        // Kept so an administrator can re-open the scorecard (spec: View Scorecard sends the link back).
        link: fetched ? origin.link.trim() : undefined,
        uploaded: fetched ? undefined : true,
        responses,
        statuses: markedStatuses(scorecard),
        // Re-scoring counts the sections the candidate said they chose; a sheet that settles it settles it again.
        chosenSections: choice?.decidedBy === 'candidate' ? choice.chosen : undefined,
        rankedAs,
        ...marks,
        normMarks: prediction.normMarks,
        keyVersion: paper.keyVersion,
        scoredAt: new Date(),
      });
      // The candidate sees themselves in the chart and the rank at once (other instances within a look or two).
      if (fetched) snapshots.record(paper.id, { id, normMarks: prediction.normMarks, totalMarks: marks.totalMarks });
      // The portal vouches for uploads holding the responses it gave for this candidate: at a link check for the
      // uploads before it, at an upload for the link checked before it.
      const portalResult = fetched
        ? null
        : await store.results.findByKey(resultKeyOf(PORTAL, paper.id, sheet.candidate.id));
      const confirmed =
        fetched || (portalResult && sameResponses(portalResult.responses, responses))
          ? await store.results.confirmUploads(paper.id, sheet.candidate.id, responses)
          : [];
      if (confirmed.length > 0) await store.officialReports.setProvenance(confirmed, 'confirmed');
      const checked: CheckedScorecard = {
        scorecard,
        testPaper,
        paper: { id: paper.id, name: paper.label },
        prediction,
        resultId: id,
        keyVersion: keyVersion!,
        provenance: fetched ? 'portal' : confirmed.includes(id) ? 'confirmed' : 'uploaded',
      };
      if (memoKey) recentScorecards.set(memoKey, checked);
      return checked;
    },

    async scorecardOf(result, { minKeyVersion } = {}) {
      const keyed = await papers.keyed.get(result.paperId, { minKeyVersion });
      if (!keyed) throw new PaperNotLiveError(CHECKER_MESSAGES.noPaper(result.set), 'NO_PAPER');
      assertLive(keyed);
      const { paper, keyVersion } = keyed;
      const testPaper = testPaperOf(paper) ?? result.set;
      // The sections the candidate said they chose count again; a sheet whose answers settle it settles it again.
      const scorecard = scoreStoredResult(result, { ...keyed.engine, testPaper }, keyed.keys);
      const prediction = await crowd.predictionFor(paper, scorecard.totalScore['Total Marks'], result.rankedAs);
      return {
        scorecard: { ...scorecard, candidate: { id: result.candidateId, name: result.name } },
        testPaper,
        paper: { id: paper.id, name: paper.label },
        prediction,
        resultId: result.id,
        keyVersion: keyVersion!,
        provenance: provenanceOf(result),
      };
    },

    async paperNamed(idOrTestPaper) {
      const all = await store.papers.list();
      const byId = all.find((paper) => paper.id === idOrTestPaper);
      if (byId) return byId;
      const newestFirst = all
        .filter((paper) => testPaperOf(paper) === idOrTestPaper && !paper.retired)
        .sort((a, b) => Number(a.demo) - Number(b.demo) || b.year - a.year);
      return newestFirst[0] ?? null;
    },

    async rankOf(resultId, testPaper) {
      const held = await snapshots.holding(resultId);
      // A choice ranked apart (GG1, GG2) is ranked among the results of the same choice only.
      const rankedApart =
        held && (await papers.keyed.get(held.paperId))?.paper.sections?.sections.some((s) => s.rankedAs);
      if (rankedApart) {
        const result = await store.results.findById(resultId);
        if (!result || result.set !== testPaper) return null;
        if (result.rankedAs) {
          const among = await store.results.rankAmongRankedAs(result.paperId, result.rankedAs, result.normMarks);
          // An upload is ranked among them without being one of them, as on a paper ranked whole.
          const counted = !result.uploaded;
          return { rank: among.rank, totalParticipants: among.total + (counted ? 0 : 1), counted };
        }
      }
      if (held) {
        const paper = (await papers.keyed.get(held.paperId))?.paper;
        if (!paper || testPaperOf(paper) !== testPaper) return null;
        return { rank: held.snapshot.rankOf(held.normMarks), totalParticipants: held.snapshot.count, counted: true };
      }
      // Not held yet: an upload (ranked among its paper's results without being one of them), or a fetched result
      // stored by another instance, which the paper's snapshot holds once it has looked again.
      const result = await store.results.findById(resultId);
      if (!result || result.set !== testPaper) return null;
      const snapshot = await snapshots.of(result.paperId);
      const counted = snapshot.normMarksOf(result.id) !== undefined;
      return {
        rank: snapshot.rankOf(result.normMarks),
        totalParticipants: snapshot.count + (counted ? 0 : 1),
        counted,
      };
    },
  };
}
