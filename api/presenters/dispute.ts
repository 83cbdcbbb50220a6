import type { ChallengeWindow, KeyVersionStamp } from '../../src/domain/gate';
import { DISPUTE_RULE, type Dispute, type DisputeReport, type IfKeyMoved } from '../../src/domain/gate/disputes';
import { NO_RESPONSE } from '../../src/domain/gate/types';
import type { DisputeAppliedAnswer, DisputeAnswer, DisputesAnswer, DisputeState } from '../../src/contract';

/** Trusted results the rule needs before it can dispute anything: its strong candidates and one more to compare with. */
export const MIN_TRUSTED_RESULTS = DISPUTE_RULE.minStrong + 1;

export interface PresentedDisputes {
  paperId: string;
  keyVersion: KeyVersionStamp | null;
  report: DisputeReport;
  foundAt: Date;
  finalKey: boolean;
  challengeWindow: ChallengeWindow | undefined;
}

/** A candidate's side: their result, whether the rule counted it, their total now and beside each dispute. */
export interface OwnSide {
  resultId: string;
  counted: boolean;
  total: number;
  ifMoved: ReadonlyMap<string, IfKeyMoved>;
}

function stateOf({ keyVersion, report, finalKey }: PresentedDisputes): DisputeState {
  if (!keyVersion) return 'no-key';
  if (finalKey) return 'final-key';
  return report.unchecked || report.trustedResults < MIN_TRUSTED_RESULTS ? 'too-few-results' : 'listed';
}

function presentDispute(dispute: Dispute, own: OwnSide | undefined): DisputeAnswer {
  const ifMoved = own?.ifMoved.get(dispute.questionId);
  return {
    number: dispute.number,
    ...(dispute.section ? { section: dispute.section } : {}),
    questionId: dispute.questionId,
    type: dispute.type,
    key: dispute.key,
    answer: dispute.answer,
    share: dispute.share,
    counts: { ...dispute.counts },
    pValue: dispute.pValue,
    restPValue: dispute.restPValue,
    ...(ifMoved
      ? { yours: { answer: ifMoved.answer === NO_RESPONSE ? null : ifMoved.answer.trim(), total: ifMoved.total } }
      : {}),
  };
}

/** A paper's disputes, and with `own` a candidate's answer and total beside each. */
export function presentDisputes(found: PresentedDisputes, own?: OwnSide): DisputesAnswer {
  const { report } = found;
  const window = found.challengeWindow;
  return {
    paperId: found.paperId,
    state: stateOf(found),
    keyVersion: found.keyVersion,
    trustedResults: report.trustedResults,
    ignoredResults: report.ignoredResults,
    minTrustedResults: MIN_TRUSTED_RESULTS,
    questionsTested: report.questionsTested,
    foundAt: found.foundAt.toISOString(),
    challengeWindow: window
      ? { ...(window.opens ? { opens: window.opens } : {}), closes: window.closes, source: window.source }
      : null,
    disputes: report.disputes.map((dispute) => presentDispute(dispute, own)),
    ...(own ? { resultId: own.resultId, counted: own.counted, total: own.total } : {}),
  };
}

export const presentDisputeApplied = (message: string, keyVersion: KeyVersionStamp): DisputeAppliedAnswer => ({
  message,
  keyVersion,
});
