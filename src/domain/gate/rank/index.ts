export type { RankData, RankTestPaper } from './published-data/data';
export { RANK_DATA, dataBefore, dataWithoutReportedPoints, dataWithoutYear } from './published-data/data';
export type { CrowdInput, PredictInput, Prediction, RankPredictor, SourcedValue } from './prediction/predict';
export { RankModelError, predict, rankPredictor } from './prediction/predict';
export { MIN_SESSION_RESULTS } from './gate-score/normalisation';
export { gateScore, categoryQualifyingMarks } from './gate-score/gate-score';
