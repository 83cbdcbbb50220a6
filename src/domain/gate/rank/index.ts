export type { RankData, RankTestPaper } from './data';
export { RANK_DATA, dataBefore, dataWithoutReportedPoints, dataWithoutYear } from './data';
export type { CrowdInput, PredictInput, Prediction, RankPredictor, SourcedValue } from './predict';
export { RankModelError, predict, rankPredictor } from './predict';
export { MIN_SESSION_RESULTS } from './normalisation';
export { gateScore, categoryQualifyingMarks } from './score';
