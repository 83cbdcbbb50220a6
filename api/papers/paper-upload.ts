import {
  buildPaper,
  describeSections,
  GateError,
  identityFits,
  identifySheet,
  paperIdOf,
  paperName,
  type BuiltPaper,
  type ParsedSheet,
  type PaperIdentity,
} from '../../src/domain/gate';
import type { Paper, PaperQuestion, Question, Store } from '../store';
import { DuplicateError } from '../store';

/** What uploading a master sheet did, in words for the administrator. */
export interface PaperUpload {
  paper: Paper;
  questions: Question[];
  /** created: a new paper; existing: this paper was here already (its questions and keys unchanged or merged). */
  outcome: 'created' | 'existing';
  message: string;
  /** The engine's doubts about the sheet (missing questions, Question IDs out of order). */
  warnings: string[];
}

/** The paper a master sheet belongs to, refused with a reason the admin can act on when it cannot be filed. */
export class PaperRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaperRefused';
  }
}

const keyCount = (questions: readonly Question[]) => questions.filter((question) => question.answerKey).length;

/** Questions whose stored form disagrees with the sheet's: another master number or another type. */
function conflictsWith(stored: readonly Question[], built: readonly PaperQuestion[]): string[] {
  const byId = new Map(stored.map((question) => [question.long_id, question]));
  return built.flatMap((question) => {
    const other = byId.get(question.long_id);
    if (!other) return [];
    if (other.short_id !== question.short_id) {
      return [
        `Question ID ${question.long_id} is Q${question.short_id} on this sheet but Q${other.short_id} in the stored paper.`,
      ];
    }
    if (other.type !== question.type) {
      return [
        `Question ID ${question.long_id} is ${question.type} on this sheet but ${other.type} in the stored paper.`,
      ];
    }
    return [];
  });
}

function describeExisting(paper: Paper, questions: readonly Question[]): string {
  const keyed = keyCount(questions);
  const keys = keyed === questions.length ? `${keyed} keys` : `${keyed} of ${questions.length} keys`;
  return `This is ${paper.label}, already here with ${keys}.`;
}

/**
 * Files a master sheet as a paper. The sheet names its identity (year, paper, session); its Question IDs say which
 * stored paper it is. A sheet of a paper already here (another candidate's shuffle of the same questions) reuses that
 * paper, merging by Question ID and keeping every key; a sheet that contradicts it is refused with the reason. A new
 * paper is never live until its key is complete, so uploading takes scoring away from no one.
 */
export async function uploadPaper(store: Store, sheet: ParsedSheet, { demo = false } = {}): Promise<PaperUpload> {
  const identity = identifySheet(sheet);
  if (!identity) {
    throw new GateError(
      'UNTRUSTED_PAPER',
      'This sheet does not say which GATE paper it is: its candidate id, test date and subject name no year or paper.',
    );
  }
  const built = buildPaper(sheet);
  const questions = built.questions.map((question) => ({ ...question, short_id: Number(question.short_id) }));
  const holding = await papersHolding(store, questions);
  const [existing, ...others] = holding;
  if (others.length > 0) {
    throw new PaperRefused(
      `This sheet's questions are spread over ${holding.length} stored papers (${holding.map((paper) => paper.label).join(', ')}): it cannot be one of them.`,
    );
  }
  if (existing) return mergeInto(store, existing, identity, questions, built);
  return create(store, identity, questions, built, demo);
}

async function papersHolding(store: Store, questions: readonly PaperQuestion[]): Promise<Paper[]> {
  const stored = await store.questions.findByLongIds(questions.map((question) => question.long_id));
  const ids = [...new Set(stored.map((question) => question.paperId))];
  return (await Promise.all(ids.map((id) => store.papers.findById(id)))).filter((paper): paper is Paper => !!paper);
}

async function mergeInto(
  store: Store,
  paper: Paper,
  identity: PaperIdentity,
  questions: PaperQuestion[],
  { warnings, sections }: BuiltPaper,
): Promise<PaperUpload> {
  if (!identityFits(identity, paper)) {
    throw new PaperRefused(
      `This sheet says it is ${paperName(identity)}, but its questions are those of ${paper.label}. Check the link: it is not one paper.`,
    );
  }
  const stored = await store.questions.listByPaperId(paper.id);
  const conflicts = conflictsWith(stored, questions);
  if (conflicts.length > 0) {
    throw new PaperRefused(`This sheet does not match ${paper.label}, which is stored already: ${conflicts.join(' ')}`);
  }
  const merged = await store.questions.upsertPaper(
    paper.id,
    questions.map((question) => ({ ...question, name: paper.label })),
  );
  // A choice paper stored before papers kept their sections gets them now.
  if (sections && !paper.sections) await store.papers.setSections(paper.id, sections);
  const added = merged.length - stored.length;
  const message = describeExisting(paper, merged) + (added > 0 ? ` This sheet added ${added} questions to it.` : '');
  return { paper, questions: merged, outcome: 'existing', message, warnings };
}

async function create(
  store: Store,
  identity: PaperIdentity,
  questions: PaperQuestion[],
  built: BuiltPaper,
  demo: boolean,
): Promise<PaperUpload> {
  const { warnings, sections } = built;
  const id = paperIdOf(identity, { demo });
  const label = demo ? `${paperName(identity)} (demo)` : paperName(identity);
  let paper: Paper;
  try {
    paper = await store.papers.create({ id, ...identity, demo, label, ...(sections ? { sections } : {}) });
  } catch (error) {
    if (!(error instanceof DuplicateError)) throw error;
    return fileIntoTaken(store, (await store.papers.findById(id))!, identity, questions, built);
  }
  const stored = await store.questions.upsertPaper(
    id,
    questions.map((question) => ({ ...question, name: label })),
  );
  const demoNote = demo ? '' : await demoTwinNote(store, identity);
  return {
    paper,
    questions: stored,
    outcome: 'created',
    message:
      `${label} added with ${stored.length} questions. It scores candidates once every question has its answer key.` +
      (sections ? ` ${describeSections(sections)}` : '') +
      demoNote,
    warnings,
  };
}

/**
 * The paper id this sheet names is taken. A paper holding none of its questions yet is this same paper, created a
 * moment ago by a concurrent upload (or the demo's seeding on another instance) whose questions are still being
 * written: this sheet merges into it. A paper holding other questions only is another paper.
 */
async function fileIntoTaken(
  store: Store,
  taken: Paper,
  identity: PaperIdentity,
  questions: PaperQuestion[],
  built: BuiltPaper,
): Promise<PaperUpload> {
  const stored = await store.questions.listByPaperId(taken.id);
  const ours = new Set(questions.map((question) => question.long_id));
  if (stored.length > 0 && !stored.some((question) => ours.has(question.long_id))) {
    throw new PaperRefused(
      `${taken.label} is already here with other questions. This sheet is not the same paper: check its year and paper, or the link.`,
    );
  }
  return mergeInto(store, taken, identity, questions, built);
}

/** A real paper beside the demo paper of the same identity: say that the demo keeps its own sample sheets. */
async function demoTwinNote(store: Store, identity: PaperIdentity): Promise<string> {
  const twin = await store.papers.findById(paperIdOf(identity, { demo: true }));
  return twin && !twin.retired ? ` The demo paper ${twin.label} keeps scoring the demo's sample sheets.` : '';
}
