import { describe, expect, it } from 'vitest';
import { dateTimeText } from '../../../domain/dates';
import { buildOwnDispute, buildScorecardDisputes } from '../../../../test/support/builders';
import { DISPUTE_WORDS, disputesView, ownAnswerText, windowText } from './disputes-view';

/** In the challenge window of the builders' answer (it closes on 28 Feb 2026). */
const DURING = new Date(2026, 1, 24, 12, 0);

const factsOf = (view: ReturnType<typeof disputesView>) =>
  view!.rows.map((row) => [row.question, ...row.facts.map((fact) => `${fact.term}: ${fact.value}`)]);

describe("the scorecard's disputed answers", () => {
  it("names the question, the key, the strong candidates' answer and share, and the candidate's side", () => {
    const view = disputesView(buildScorecardDisputes(), { now: DURING });
    expect(factsOf(view)).toEqual([
      [
        'Q15',
        'Provisional key: A',
        'Strong candidates chose: D — 18 of 20 strong candidates who answered (90%)',
        'Your answer: B',
        'Your total if the key moved to D: 42 out of 100 (+1⅓)',
      ],
    ]);
    expect(view!.none).toBeNull();
    expect(view!.asOf).toBeNull();
  });

  it('says a dispute is evidence, who the strong candidates are, what it rests on and when it was found', () => {
    const view = disputesView(buildScorecardDisputes({ trustedResults: 51 }), { now: DURING })!;
    expect(DISPUTE_WORDS.lead).toContain('A dispute is evidence, not proof');
    expect(view.notes).toEqual([
      'Strong candidates: for each question, the best third (at least 20) by marks on the other questions, among ' +
        'the 51 results fetched from the GATE portal or confirmed by it. Uploaded pages are not counted.',
      `Worked out ${dateTimeText('2026-02-20T10:00:00.000Z')}.`,
    ]);
    const uploaded = disputesView(buildScorecardDisputes({ counted: false }), { now: DURING })!;
    expect(uploaded.notes).toContain('Your own result is an uploaded page, so it is not among them.');
  });

  it('says "Not answered" for a question the candidate left, and a total that stays as unchanged', () => {
    const left = buildOwnDispute({ yours: { answer: null, total: 40.67 } });
    const [row] = disputesView(buildScorecardDisputes({ disputes: [left] }), { now: DURING })!.rows;
    expect(row!.facts.slice(2).map((fact) => fact.value)).toEqual(['Not answered', '40⅔ out of 100 (unchanged)']);
  });

  it('writes MSQ and NAT answers as the breakdown does, and a question of a section with its section', () => {
    const msq = buildOwnDispute({ type: 'MSQ', key: 'A;C', answer: 'A;B;C', yours: { answer: 'A,C', total: 38 } });
    const nat = buildOwnDispute({ number: '5', section: 'B', type: 'NAT', key: '2.1:2.3', answer: '4.1:4.12' });
    const rows = disputesView(buildScorecardDisputes({ disputes: [msq, nat] }), { now: DURING })!.rows;
    expect(rows.map((row) => [row.question, row.facts[0]!.value, row.facts[1]!.value.split(' — ')[0]])).toEqual([
      ['Q15', 'A, C', 'A, B, C'],
      ['B · Q5', '2.1 to 2.3', '4.1 to 4.12'],
    ]);
    expect(rows[0]!.facts[2]!.value).toBe('A, C');
    expect(rows[0]!.facts[3]!.value).toBe('38 out of 100 (−2⅔)');
  });

  it('says in one line, with the counts, that the strong candidates agree with the key everywhere', () => {
    const view = disputesView(buildScorecardDisputes({ disputes: [], questionsTested: 64, trustedResults: 51 }), {
      now: DURING,
    })!;
    expect(view.rows).toEqual([]);
    expect(view.none).toBe(
      'The strong candidates agree with the provisional key on every question tested: 64 questions, from 51 ' +
        'results fetched from the GATE portal.',
    );
  });

  it('shows no part before enough trusted results, after the final key, or without a key', () => {
    for (const state of ['too-few-results', 'final-key', 'no-key'] as const) {
      expect(disputesView(buildScorecardDisputes({ state }), { now: DURING })).toBeNull();
    }
  });

  it('says the answer kept on the device is as of when the device got it', () => {
    const keptAt = Date.UTC(2026, 1, 23, 6, 15);
    const view = disputesView(buildScorecardDisputes(), { keptAt, now: DURING })!;
    expect(view.asOf).toBe(
      `As of ${dateTimeText(keptAt)}: what this device was shown when it last reached the server, which it cannot now.`,
    );
    expect(view.rows).toHaveLength(1);
  });
});

describe("the challenge window's dates", () => {
  const closesOnly = { closes: '2026-02-28', source: 'zeenews-2026-challenge' };
  const both = { opens: '2026-02-21', closes: '2026-02-28', source: 'zeenews-2026-challenge' };

  it('gives when it closes, and closed once that day is over', () => {
    expect(windowText(closesOnly, DURING)).toBe(
      "GATE's challenge window closes on 28 Feb 2026 (source: Zee News 2026).",
    );
    expect(windowText(closesOnly, new Date(2026, 1, 28, 23, 59))).toBe(
      "GATE's challenge window closes on 28 Feb 2026 (source: Zee News 2026).",
    );
    expect(windowText(closesOnly, new Date(2026, 2, 1, 0, 1))).toBe(
      "GATE's challenge window closed on 28 Feb 2026 (source: Zee News 2026).",
    );
  });

  it('gives when it opens too when the catalogue knows it', () => {
    expect(windowText(both, new Date(2026, 1, 20, 9, 0))).toBe(
      "GATE's challenge window opens on 21 Feb 2026 and closes on 28 Feb 2026 (source: Zee News 2026).",
    );
    expect(windowText(both, DURING)).toBe(
      "GATE's challenge window opened on 21 Feb 2026 and closes on 28 Feb 2026 (source: Zee News 2026).",
    );
  });

  it('says nothing about dates when the catalogue does not know them', () => {
    expect(windowText(null, DURING)).toBeNull();
    expect(disputesView(buildScorecardDisputes({ challengeWindow: null }), { now: DURING })!.window).toBeNull();
  });
});

describe("the candidate's own answer", () => {
  it('reads as the breakdown writes a response', () => {
    expect(ownAnswerText('MCQ', 'B')).toBe('B');
    expect(ownAnswerText('MSQ', 'A,C')).toBe('A, C');
    expect(ownAnswerText('NAT', ' 7.8 ')).toBe('7.8');
    expect(ownAnswerText('MCQ', null)).toBe('Not answered');
  });
});
