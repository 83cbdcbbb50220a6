/** The GATE engine: parse a response sheet, build a paper, key rules, scoring and the correctness icon. */
export { GateError, isGateError, type GateErrorCode } from './gate-error';
export { NO_RESPONSE, QUESTION_TYPES } from './types';
export type { PaperQuestion, ParsedSheet, QuestionType, SectionKind, SheetCandidate, SheetQuestion } from './types';
export { parseResponseSheet } from './parse-sheet';
export { decodeImageName, type ImageIdentity } from './image-names';
export { marksForMaster, sectionOfMaster, QUESTIONS_PER_PAPER } from './marks';
export { buildPaper, inMasterOrder, withKeyMarks, type BuiltPaper, type ScoringPaper } from './build-paper';
export {
  choiceMessage,
  describeSections,
  detectSectionChoice,
  isSectionChoiceError,
  resolveSectionChoice,
  SectionChoiceError,
  type ChosenSections,
  type PaperSection,
  type PaperSections,
  type SectionChoiceQuestion,
  type SectionChoiceReason,
} from './sections';
export {
  CATALOGUE,
  CATALOGUE_VERSIONS,
  PAPER_CODES,
  cataloguePaper,
  challengeWindowOf,
  hasChoice,
  layoutOf,
  paperYear,
  type Catalogue,
  type CataloguePaper,
  type ChallengeWindow,
  type Layout,
  type PaperYear,
  type ResultFacts,
  type SectionDefinition,
} from './catalogue/catalogue';
export { catalogueEntryOfSheet, type SheetCatalogueEntry } from './catalogue/identify';
export {
  catalogueCodeOf,
  normalisedMarks,
  paperScore,
  paperScoreInputs,
  sessionsOf,
  type NormalisedMarks,
  type PaperScore,
  type PaperScoreInputs,
  type Provenance,
  type ScoreInput,
} from './catalogue/score-inputs';
export {
  assertChosenPaper,
  codeAndSession,
  identifySheet,
  identityFits,
  identityOfTestPaper,
  paperIdOf,
  paperName,
  sameIdentity,
  testPaperOf,
  type PaperIdentity,
} from './paper-identity';
export { canonicalSheetLink } from './sheet-link';
export { PAPER_LIST, type ListedPaper } from './paper-list';
export { predictAnyPaper, type PaperPrediction } from './paper-prediction';
export {
  TEST_PAPERS,
  TEST_PAPER_LABELS,
  TEST_PAPER_OPTIONS,
  assertSheetIsPaper,
  identifyPaper,
  isTestPaper,
  paperCodeOf,
  paperOfLink,
  paperOfSavedPage,
  testPaperFromCode,
  testPapersOfCode,
  type NamedPaper,
  type TestPaper,
  type TestPaperOption,
} from './test-papers';
export {
  KEY_INPUT_MESSAGES,
  NAT_TOLERANCE,
  filterKeyInput,
  filterMsqInput,
  filterNatInput,
  importFixtureKey,
  isMarksToAll,
  parseKey,
  validateKeyInput,
  type KeyAlternative,
  type KeyInputCheck,
  type KeysByLongId,
  type ParsedKey,
} from './keys';
export {
  importOfficialKey,
  keyDocumentVersion,
  keyVersionLabel,
  notWholeReasons,
  officialRowsOfText,
  readOfficialKey,
  type ImportedKeys,
  type KeyDocumentVersion,
  type KeyPaperQuestion,
  type KeyRowFlag,
  type KeyRowReading,
  type OfficialKeyCells,
  type OfficialKeyReading,
  type OfficialKeyRow,
} from './official-key';
export {
  KEY_PDF_LIMITS,
  PDF_PROBLEMS,
  keyIsWhole,
  officialRowsOfPdf,
  pdfFailure,
  pdfLines,
  readKeyPdfPages,
  readPdfTextPages,
  unreadablePdf,
  type PdfDocument,
  type PdfReading,
  type PdfTextAnswer,
  type PdfTextItem,
  type PdfTextPage,
  type PdfTextSource,
} from './key-pdf';
export {
  changedQuestions,
  classifyKeyChange,
  diffKeys,
  keyVersionName,
  readableKey,
  summariseImpact,
  thirdsMoved,
  type ChangedQuestion,
  type KeyChange,
  type KeyChangeKind,
  type KeyVersionComparison,
  type KeyVersionEntry,
  type KeyVersionSource,
  type KeyVersionStamp,
  type QuestionKeyChange,
  type ResultsImpact,
} from './key-changes';
export { isAttempted, isCorrect, responseMatchesKey, type IconQuestion } from './correctness';
export {
  DEFAULT_SCORING_RULES,
  NOT_EVALUATED,
  displayDecimal,
  displayMarks,
  displaySignedMarks,
  mapResponse,
  scoreResponses,
  scoreSheet,
  type Scorecard,
  type ScorecardQuestion,
  type ScoringRules,
  type ScoringOptions,
  type SectionScore,
  type SectionsOutcome,
  type SheetScorecard,
  type TotalScore,
} from './score';
