/** The GATE engine: parse a response sheet, build a paper, key rules, scoring and the correctness icon. */
export { GateError, isGateError, type GateErrorCode } from './errors';
export { NO_RESPONSE, QUESTION_TYPES } from './types';
export type { PaperQuestion, ParsedSheet, QuestionType, SectionKind, SheetCandidate, SheetQuestion } from './types';
export { parseResponseSheet } from './parse-sheet';
export { decodeImageName, type ImageIdentity } from './image-names';
export { marksForMaster, sectionOfMaster, QUESTIONS_PER_PAPER } from './marks';
export { buildPaper, type BuiltPaper, type ScoringPaper } from './paper';
export {
  TEST_PAPERS,
  TEST_PAPER_LABELS,
  assertSheetIsPaper,
  identifyPaper,
  isTestPaper,
  paperCodeOf,
  testPaperFromCode,
  type TestPaper,
} from './test-papers';
export {
  KEY_INPUT_MESSAGES,
  NAT_TOLERANCE,
  filterKeyInput,
  filterMsqInput,
  filterNatInput,
  importFixtureKey,
  importOfficialKey,
  isMarksToAll,
  parseKey,
  validateKeyInput,
  type ImportedKeys,
  type KeyAlternative,
  type KeyInputCheck,
  type KeysByLongId,
  type ParsedKey,
} from './keys';
export { isAttempted, isCorrect, responseMatchesKey, type IconQuestion } from './correctness';
export {
  DEFAULT_SCORING_RULES,
  NOT_EVALUATED,
  displayMarks,
  mapResponse,
  scoreResponses,
  scoreSheet,
  type Scorecard,
  type ScorecardQuestion,
  type ScoringRules,
  type SheetScorecard,
  type TotalScore,
} from './score';
