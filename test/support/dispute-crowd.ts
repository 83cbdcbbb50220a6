import type { Question, ResultInput, Store } from '../../api/store';
import { parseKey, type KeysByLongId } from '../../src/domain/gate';
import { DISPUTE_RULE } from '../../src/domain/gate/disputes';
import { LETTERS, pick, seededRandom } from '../fixture-generator/truth';
import { UNSCORED, buildResult } from './builders';

export interface DisputedCrowdPlan {
  /** The stored paper and its questions, keyed by the provisional key that gets `disputed` wrong. */
  paperId: string;
  questions: readonly Pick<Question, 'long_id' | 'type'>[];
  /** The right answers, Question ID → key as stored: what every candidate's knowledge follows. */
  rightKey: KeysByLongId;
  /** The Question ID the provisional key gets wrong; its right answer is what the strong candidates choose. */
  disputed: string;
  /** The provisional key's (wrong) answer to it, which the weaker candidates fall for. */
  wrongAnswer: string;
  /** How many fetched results to store (the example: 51 candidates with the one who checks). */
  candidates?: number;
  /** Stored as uploads the portal never confirmed: the rule must leave them out. */
  uploaded?: boolean;
  seed?: number;
}

/**
 * A crowd of stored results, as if each candidate had checked by link, answering `disputed` the way a wrong key draws
 * answers: of the strong (as many as the rule takes: the best third, at least 20), nine in ten choose the right answer
 * and the rest the key's; of the others, half fall for the key's answer, a fifth find the right one and the rest pick
 * another letter. On every other question a candidate is right with a chance that falls with their place, from 95% to
 * 85% among the strong and from 60% to 25% among the rest (a gap, so the marks rank the strong first), else leaves it
 * or answers wrongly, each wrong answer drawn apart, so no other question draws the strong to one wrong answer. Marks are left at zero with key
 * version 0: the server's re-scoring scores them as it would any result under an older key.
 * @returns the stored results' ids, best candidate first.
 */
export async function seedDisputedCrowd(store: Store, plan: DisputedCrowdPlan): Promise<string[]> {
  const { candidates = 50, seed = 46 } = plan;
  const random = seededRandom(seed);
  const strong = Math.max(DISPUTE_RULE.minStrong, Math.ceil(candidates * DISPUTE_RULE.strongShare));
  const ids: string[] = [];
  for (let place = 0; place < candidates; place++) {
    const accuracy =
      place < strong
        ? 0.95 - (0.1 * place) / strong
        : 0.6 - (0.35 * (place - strong)) / Math.max(1, candidates - strong);
    const responses: Record<string, string> = {};
    for (const question of plan.questions) {
      const right = plan.rightKey[question.long_id];
      if (!right) continue;
      if (question.long_id === plan.disputed) {
        responses[question.long_id] = disputedAnswer(place, strong, candidates, right, plan.wrongAnswer);
        continue;
      }
      if (random() < 0.1) continue;
      responses[question.long_id] =
        random() < accuracy ? rightResponse(question.type, right) : wrongResponse(question.type, right, random);
    }
    const candidateId = `CS26S4${String(2000 + place).padStart(4, '0')}`;
    const result: ResultInput = buildResult({
      paperId: plan.paperId,
      candidateId,
      resultKey: `${plan.paperId} ${candidateId}${plan.uploaded ? ' upload' : ''}`,
      name: `Crowd Candidate ${place + 1}`,
      email: `crowd${place + 1}@example.com`,
      link: plan.uploaded ? undefined : `https://cdn.digialm.com/crowd/${candidateId}.html`,
      ...(plan.uploaded ? { uploaded: true as const } : {}),
      responses,
      ...UNSCORED,
    });
    ids.push((await store.results.upsert(result)).id);
  }
  return ids;
}

function disputedAnswer(place: number, strong: number, candidates: number, right: string, wrong: string): string {
  if (place < strong) return place < Math.round(strong * 0.9) ? right : wrong;
  const share = (place - strong) / Math.max(1, candidates - strong);
  if (share < 0.5) return wrong;
  if (share < 0.7) return right;
  return LETTERS.find((letter) => letter !== right && letter !== wrong)!;
}

/** The stored form of a right answer: an MSQ's letters joined by ',', a NAT range's middle, an MCQ's letter. */
function rightResponse(type: string, key: string): string {
  const parsed = parseKey(key, type as 'MCQ' | 'MSQ' | 'NAT');
  if (parsed.kind === 'MTA') return 'A';
  const alternative = parsed.alternatives[0]!;
  if (alternative.kind === 'letters') return alternative.letters.join(',');
  if (alternative.kind === 'number') return String(alternative.value);
  return String(Math.round(((alternative.low + alternative.high) / 2) * 100) / 100);
}

function wrongResponse(type: string, key: string, random: () => number): string {
  if (type === 'NAT')
    return String(Math.round((Number.parseFloat(rightResponse(type, key)) + 10 + random() * 90) * 100) / 100);
  const right = rightResponse(type, key).split(',');
  if (type === 'MCQ')
    return pick(
      random,
      LETTERS.filter((letter) => letter !== right[0]),
    );
  const flipped = pick(random, LETTERS);
  const wrong = right.includes(flipped) ? right.filter((letter) => letter !== flipped) : [...right, flipped].sort();
  return (wrong.length ? wrong : LETTERS.filter((letter) => !right.includes(letter))).join(',');
}
