import type { ScoringPaper } from '../build-paper';
import { isAttempted, responseMatchesKey } from '../correctness';
import { parseKey, type KeysByLongId } from '../keys';
import { isTrustedProvenance, type ResultProvenance } from '../result-provenance';
import { scoreResponses, type ScoringRules } from '../score';
import type { PaperQuestion, QuestionType } from '../types';
import { commonestOtherAnswer, type NatAgreement } from './answer-groups';
import { binomialUpperTail, holmSignificant, hypergeometricUpperTail } from './binomial';

/**
 * The rule's parameters. A question is disputed when, among its strong candidates (the best `strongShare` of those it
 * counts for, ranked by their marks on the other questions, and at least `minStrong` of them):
 *   1. at least `minAnswers` answered it;
 *   2. one answer other than the key's holds at least `minShare` of those answers,
 *   3. and is chosen at least `keyRatio` times as often as the key's answer;
 *   4. more often than the key's beyond chance: the one-sided binomial test of its count among the strong choosing
 *      either (H0: no likelier than the key's, p = ½) is significant under Holm's correction over the paper's tested
 *      questions at `familyAlpha` (so a paper whose every key is right and whose strong prefer it raises a false alarm
 *      with a chance of at most `familyAlpha`);
 *   5. the strong choose it more than the rest do: one-sided Fisher's exact test of its share of the strong's answers
 *      against the rest's, at `restAlpha`. A trap that catches the weak more than the strong, or a question almost
 *      nobody can do, is no evidence against the key;
 *   6. and the strong choose the key's answer no more than the rest do (its share of their answers is not higher): on a
 *      hard question the few who find the right key are mostly strong, while a wrong key draws the weak.
 * NAT answers outside the key's range count as one answer when within `natAgreement` of the commonest value.
 */
export interface DisputeRule {
  strongShare: number;
  minStrong: number;
  minAnswers: number;
  minShare: number;
  keyRatio: number;
  familyAlpha: number;
  restAlpha: number;
  natAgreement: NatAgreement;
}

/**
 * False alarms, measured by `npm run bench:disputes` (test/bench/disputes.bench.ts) on generated CS 1 papers whose keys
 * are all right (crowds of 30, 200 and 2,000 leaning low and high, 60 papers each): 1 in 360 papers, 1 in 22,849
 * questions tested. Detection by crowd and lean: docs/gate/disputes.md.
 */
export const DISPUTE_RULE: DisputeRule = {
  strongShare: 1 / 3,
  minStrong: 20,
  minAnswers: 10,
  minShare: 0.4,
  keyRatio: 2,
  familyAlpha: 0.05,
  restAlpha: 0.05,
  natAgreement: { absolute: 0.025, relative: 0.01 },
};

/** A stored result as the rule reads it; only the trusted ones (portal or confirmed) count. */
export interface DisputeResult {
  id: string;
  responses: Record<string, string>;
  provenance: ResultProvenance;
  chosenSections?: readonly string[];
}

export interface DisputeCounts {
  /** The strong candidates of the question, how many answered it, chose the key's answer, and chose the other one. */
  strong: number;
  answered: number;
  choseKey: number;
  choseAnswer: number;
  /** The other candidates it counts for who answered it, how many of them chose the key's answer and the other one. */
  restAnswered: number;
  restChoseKey: number;
  restChoseAnswer: number;
}

export interface Dispute {
  /** The question's number on the key, its section on a paper with parts, and its Question ID. */
  number: string;
  section?: string;
  questionId: string;
  type: QuestionType;
  /** The provisional key as stored, and the strong candidates' answer in the same form ('D', 'A;C', '4.1:4.14'). */
  key: string;
  answer: string;
  /** choseAnswer / answered. */
  share: number;
  counts: DisputeCounts;
  /** The binomial test's p-value against the key (before Holm's correction), and Fisher's against the rest. */
  pValue: number;
  restPValue: number;
}

/** Why no question could be tested: no trusted result, or too few answers to any question. */
export type UncheckedReason = 'no-trusted-results' | 'too-few-answers';

export interface DisputeReport {
  disputes: Dispute[];
  trustedResults: number;
  /** Uploaded results the portal has not confirmed: left out. */
  ignoredResults: number;
  questionsTested: number;
  unchecked?: UncheckedReason;
}

/**
 * Every trusted result scored once with the provisional key: totals in thirds, per question a column, and the results
 * in the order of their ids (ties of marks go by it, so the strong are the same whatever the order of the results).
 */
interface ScoredCrowd {
  byIdOrder: Int32Array;
  totalThirds: Int32Array;
  byQuestion: ReadonlyMap<string, QuestionColumn>;
}

interface QuestionColumn {
  thirds: Int32Array;
  /** The response in MASTER form (' -- ' for none). */
  given: string[];
  /** Whether the question counts for the result (false in a section it did not choose). */
  counted: boolean[];
}

/** A question that enough strong candidates answered: its would-be dispute, and whether it meets the rule but test 4. */
interface TestedQuestion {
  dispute: Dispute;
  /** Conditions 2, 3, 5 and 6 of the rule, which need no correction. */
  agreed: boolean;
}

/** The questions of a paper whose strong candidates agree on an answer the provisional key does not give. */
export function findDisputes(
  paper: ScoringPaper,
  keys: KeysByLongId,
  results: readonly DisputeResult[],
  { rule = DISPUTE_RULE, rules }: { rule?: DisputeRule; rules?: ScoringRules } = {},
): DisputeReport {
  const trusted = results.filter((result) => isTrustedProvenance(result.provenance));
  const scored = scoreCrowd(trusted, paper, keys, rules);
  const tested = paper.questions.flatMap((question) => {
    const key = keys[question.long_id]?.trim();
    if (!key || parseKey(key, question.type).kind === 'MTA') return [];
    return testQuestion(question, key, scored, rule) ?? [];
  });
  const significant = holmSignificant(
    tested.map(({ dispute }) => dispute.pValue),
    rule.familyAlpha,
  );
  const disputes = tested.filter(({ agreed }, index) => agreed && significant[index]).map(({ dispute }) => dispute);
  const report = {
    disputes,
    trustedResults: trusted.length,
    ignoredResults: results.length - trusted.length,
    questionsTested: tested.length,
  };
  if (trusted.length === 0) return { ...report, unchecked: 'no-trusted-results' };
  return tested.length === 0 ? { ...report, unchecked: 'too-few-answers' } : report;
}

function scoreCrowd(
  results: readonly DisputeResult[],
  paper: ScoringPaper,
  keys: KeysByLongId,
  rules: ScoringRules | undefined,
): ScoredCrowd {
  const byQuestion = new Map(
    paper.questions.map((question): [string, QuestionColumn] => [
      question.long_id,
      { thirds: new Int32Array(results.length), given: [], counted: [] },
    ]),
  );
  const totalThirds = new Int32Array(results.length);
  results.forEach((result, index) => {
    const card = scoreResponses(result.responses, paper, keys, { rules, chosenSections: result.chosenSections });
    let total = 0;
    for (const question of card.response) {
      const column = byQuestion.get(question.long_id)!;
      const thirds = typeof question.obtained_marks === 'number' ? Math.round(question.obtained_marks * 3) : 0;
      column.thirds[index] = thirds;
      column.given[index] = question.response_given;
      column.counted[index] = question.chosen !== false;
      total += thirds;
    }
    totalThirds[index] = total;
  });
  const byIdOrder = Int32Array.from(results.keys()).sort((a, b) => {
    const [idA, idB] = [results[a]!.id, results[b]!.id];
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  });
  return { byIdOrder, totalThirds, byQuestion };
}

/** A question's test; null when too few of its strong candidates answered it to test. */
function testQuestion(
  { long_id: questionId, short_id: number, section, type }: PaperQuestion,
  key: string,
  { byIdOrder, totalThirds, byQuestion }: ScoredCrowd,
  rule: DisputeRule,
): TestedQuestion | null {
  const { thirds, given, counted } = byQuestion.get(questionId)!;
  const ranked = strongestFirst(byIdOrder, (index) => (counted[index] ? totalThirds[index]! - thirds[index]! : null));
  const strongCount = Math.min(ranked.length, Math.max(rule.minStrong, Math.ceil(ranked.length * rule.strongShare)));
  const answersOf = (group: readonly number[]) =>
    group.map((index) => given[index]).filter((response) => isAttempted(response));
  const strongAnswers = answersOf(ranked.slice(0, strongCount));
  if (strongAnswers.length < rule.minAnswers) return null;
  const parsedKey = parseKey(key, type);
  const matchesKey = (response: string) => responseMatchesKey(type, response, parsedKey);
  const choseKey = strongAnswers.filter(matchesKey).length;
  const other = commonestOtherAnswer(
    type,
    strongAnswers.filter((response) => !matchesKey(response)),
    rule.natAgreement,
  );
  const choseAnswer = other?.count ?? 0;
  const restAnswers = answersOf(ranked.slice(strongCount));
  const restChoseAnswer = other ? restAnswers.filter(other.answer.holds).length : 0;
  const restChoseKey = restAnswers.filter(matchesKey).length;
  const share = choseAnswer / strongAnswers.length;
  const restPValue = hypergeometricUpperTail(
    choseAnswer,
    strongAnswers.length + restAnswers.length,
    choseAnswer + restChoseAnswer,
    strongAnswers.length,
  );
  return {
    dispute: {
      number,
      ...(section === undefined ? {} : { section }),
      questionId,
      type,
      key,
      answer: other?.answer.key ?? '',
      share,
      pValue: binomialUpperTail(choseAnswer, choseAnswer + choseKey, 0.5),
      restPValue,
      counts: {
        strong: strongCount,
        answered: strongAnswers.length,
        choseKey,
        choseAnswer,
        restAnswered: restAnswers.length,
        restChoseKey,
        restChoseAnswer,
      },
    },
    agreed:
      other !== null &&
      share >= rule.minShare &&
      choseAnswer >= rule.keyRatio * choseKey &&
      restPValue <= rule.restAlpha &&
      choseKey * restAnswers.length <= restChoseKey * strongAnswers.length,
  };
}

/**
 * The results a question counts for, strongest first by their marks on the other questions (null: it does not count),
 * ties in id order. Sorted as one number each (−marks × n + place in id order) in a typed array, with no comparator:
 * a crowd of thousands is ranked once per question.
 */
function strongestFirst(byIdOrder: Int32Array, otherThirds: (index: number) => number | null): number[] {
  const count = byIdOrder.length;
  const sortKeys: number[] = [];
  byIdOrder.forEach((index, place) => {
    const marks = otherThirds(index);
    if (marks !== null) sortKeys.push(-marks * count + place);
  });
  return [...Float64Array.from(sortKeys).sort()].map((sortKey) => {
    const place = ((sortKey % count) + count) % count;
    return byIdOrder[place]!;
  });
}
