import { describe, expect, it } from 'vitest';
import { buildDispute, buildPaperDisputes } from '../../../../test/support/builders';
import {
  APPLY_NEEDS_CONNECTION,
  applyConfirmText,
  applyFailure,
  disputeLines,
  disputeSourceText,
  disputeStateText,
  pValueText,
} from './dispute-view';

describe("the admin's disputed answers in words", () => {
  it('says what was found under which key, or that nothing was', () => {
    expect(disputeStateText(buildPaperDisputes())).toBe(
      'Provisional key: 1 disputed answer among 64 questions tested.',
    );
    expect(disputeStateText(buildPaperDisputes({ disputes: [] }))).toBe(
      'Provisional key: no disputed answer among 64 questions tested.',
    );
    const two = buildPaperDisputes({ disputes: [buildDispute(), buildDispute({ number: '40', questionId: 'q40' })] });
    expect(disputeStateText(two)).toBe('Provisional key: 2 disputed answers among 64 questions tested.');
  });

  it('says how many trusted results are needed when there are too few, and when a key is missing', () => {
    const few = buildPaperDisputes({ state: 'too-few-results', trustedResults: 20, questionsTested: 0, disputes: [] });
    expect(disputeStateText(few)).toBe('Too few trusted results to look for disputes: 20 of 21 needed.');
    const none = buildPaperDisputes({ state: 'too-few-results', trustedResults: 0, questionsTested: 0, disputes: [] });
    expect(disputeStateText(none)).toBe('Too few trusted results to look for disputes: 0 of 21 needed.');
    const unanswered = buildPaperDisputes({ state: 'too-few-results', trustedResults: 30, disputes: [] });
    expect(disputeStateText(unanswered)).toBe(
      'Too few trusted results answered any question to look for disputes (30 trusted results).',
    );
    const keyless = buildPaperDisputes({ state: 'no-key', keyVersion: null, trustedResults: 0, disputes: [] });
    expect(disputeStateText(keyless)).toBe('No answer key yet: there is nothing to compare the answers with.');
  });

  it('still lists the disputes under the final key, saying the challenge window is over', () => {
    const final = buildPaperDisputes({
      state: 'final-key',
      keyVersion: { paperId: 'CS1-2026', version: 3, label: 'final', at: '2026-03-10T10:00:00.000Z' },
    });
    expect(disputeStateText(final)).toBe(
      'A final key is published: the challenge window is over. Final key: 1 disputed answer among 64 questions tested.',
    );
  });

  it('says when the disputes were found, from how many trusted results, and how many uploads were left out', () => {
    const foundAt = new Date(2026, 1, 20, 10, 5).toISOString();
    expect(disputeSourceText(buildPaperDisputes({ foundAt }))).toBe(
      'Found 20 Feb 2026, 10:05 from 51 trusted results; no upload left out.',
    );
    expect(disputeSourceText(buildPaperDisputes({ foundAt, trustedResults: 1, ignoredResults: 60 }))).toBe(
      'Found 20 Feb 2026, 10:05 from 1 trusted result; 60 uploads left out (not confirmed by the portal).',
    );
    expect(disputeSourceText(buildPaperDisputes({ foundAt, ignoredResults: 1 }))).toMatch(
      /; 1 upload left out \(not confirmed by the portal\)\.$/,
    );
  });

  it("gives each dispute's key, the strong candidates' answer and share, the counts behind it and both p-values", () => {
    expect(disputeLines(buildDispute())).toEqual({
      title: 'Q15 · MCQ',
      key: 'A',
      answer: 'D (90% of the strong who answered)',
      strong: '20 strong, 20 answered: 1 chose A; 18 chose D',
      rest: '28 answered: 12 chose A; 6 chose D',
      pValues: '0.0001 against the key, 0.001 against the rest',
    });
  });

  it('reads MSQ sets, NAT ranges and sections as the key versions do', () => {
    const nat = disputeLines(buildDispute({ type: 'NAT', key: '2.64:2.74', answer: '4.1:4.12', section: 'GA' }));
    expect(nat).toMatchObject({ title: 'Q15 (GA) · NAT', key: '2.64 to 2.74' });
    expect(nat.answer).toMatch(/^4\.1 to 4\.12 \(/);
    const msq = disputeLines(buildDispute({ type: 'MSQ', key: 'A;B', answer: 'A;B;C' }));
    expect(msq.strong).toBe('20 strong, 20 answered: 1 chose A, B; 18 chose A, B, C');
  });

  it('writes tiny p-values as under 0.0001 (unbroken), others to two figures', () => {
    expect(pValueText(3e-9)).toBe('<\u00a00.0001');
    expect(pValueText(0.00012345)).toBe('0.00012');
    expect(pValueText(0.031)).toBe('0.031');
  });

  it('says before applying what the key change does, naming its key version as the server does', () => {
    expect(applyConfirmText(buildDispute())).toBe(
      'This makes a new key version named "Dispute Q15: D" that keys Q15 D instead of A, re-scores the stored ' +
        'results of this paper, and e-mails the candidates who asked to be told whose total moves.',
    );
  });

  it("reloads the list on the server's stale-list refusals, and says offline that applying needs a connection", () => {
    const moved = { status: 409, code: 'KEY_MOVED', message: 'The answer key changed since this list was made.' };
    expect(applyFailure(moved, true)).toEqual({ message: moved.message, reload: true });
    const gone = { status: 409, code: 'NO_LONGER_DISPUTED', message: 'The strong candidates no longer agree.' };
    expect(applyFailure(gone, true)).toEqual({ message: gone.message, reload: true });
    const noServer = { status: 0, message: 'No response from server. Please try again.' };
    expect(applyFailure(noServer, false)).toEqual({ message: APPLY_NEEDS_CONNECTION, reload: false });
    expect(applyFailure(noServer, true)).toEqual({
      message: 'The dispute could not be applied. No response from server. Please try again.',
      reload: false,
    });
    expect(applyFailure({ status: 404, code: 'NOT_FOUND', message: 'No paper with this id.' }, true)).toEqual({
      message: 'No paper with this id.',
      reload: false,
    });
    expect(applyFailure({}, true)).toEqual({ message: 'The dispute could not be applied.', reload: false });
  });
});
