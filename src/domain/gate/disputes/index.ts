export {
  DISPUTE_RULE,
  findDisputes,
  type Dispute,
  type DisputeCounts,
  type DisputeReport,
  type DisputeResult,
  type DisputeRule,
  type UncheckedReason,
} from './find-disputes';
export { scoreIfKeyMoved, type IfKeyMoved } from './score-if-key-moved';
