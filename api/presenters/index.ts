/** The JSON shapes the API answers with, each built in one place and used by every route that returns it. */
export { presentPaper } from './paper';
export { presentPapers, presentQuestion } from './question';
export { presentResult } from './result';
export { presentScorecard, serialisedScorecard, SCORECARD_READY, type CheckedScorecard } from './scorecard';
export { presentDone, presentLoggedIn, presentProfile, presentSession, presentSignedUp } from './user';
export { presentKeyVersion, presentKeyVersions } from './key-version';
export { presentAlertStatus, presentUnsubscribed } from './score-alert';
export { presentAccessRevoked, presentErased, presentErasureRequested } from './privacy';
export { presentDistribution, presentRank, type PresentedRank } from './rank-and-distribution';
export { presentAlreadyVerified, presentVerificationSent, presentVerified } from './verification';
export { presentAdminStats, presentAnswerSave, presentFiledPaper, presentKeyImport } from './admin';
export { MIN_TRUSTED_RESULTS, presentDisputeApplied, presentDisputes, type OwnSide } from './dispute';
