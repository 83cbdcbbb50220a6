import { GateError } from './gate-error';
import {
  cleanText,
  hasClass,
  isWhitespace,
  readAttribute,
  scanTags,
  stripDataUris,
  type TagVisitor,
} from './html-scanner';
import { decodeImageName, imageFileName, type ImageIdentity } from './image-names';
import type { ParsedSheet, QuestionType, SheetCandidate, SheetQuestion } from './types';

/**
 * The most a sheet's text field keeps (a name, a centre, a status, a typed answer): the portal's run to a few dozen
 * characters, and a page that says more is stored no longer than this.
 */
export const SHEET_TEXT_MAX = 200;

/** The text cut to SHEET_TEXT_MAX characters, never between the two halves of one character. */
function capped(text: string): string {
  if (text.length <= SHEET_TEXT_MAX) return text;
  const cut = text.slice(0, SHEET_TEXT_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

const NOT_A_SHEET_HINT =
  'Open your GATE response sheet on the GATE portal and copy its link, or save that page and upload the file.';

interface Image {
  fileName: string;
  src: string;
}

interface Cell {
  text: string;
  /** Only a cell's first image matters: the question's stem or an option's picture. */
  image: Image | null;
}

interface RawQuestion {
  section: string;
  cells: Cell[];
}

/** What the scanner collects: table cells, grouped by where they stand on the page. */
interface PageCells {
  header: Cell[];
  questions: RawQuestion[];
  hasPasswordField: boolean;
  title: string;
}

/** Reads a GATE response sheet (the portal page or a saved copy) into the candidate block and its questions. */
export function parseResponseSheet(html: string): ParsedSheet {
  if (typeof html !== 'string' || html.trim() === '') {
    throw new GateError('EMPTY_PAGE', `The response sheet is empty. ${NOT_A_SHEET_HINT}`);
  }
  const page = collectCells(stripDataUris(html));
  if (page.questions.length === 0) throw notASheet(page);
  const candidate = readCandidate(page.header);
  if (!candidate.id) {
    throw new GateError(
      'NOT_A_RESPONSE_SHEET',
      `This page has questions but no Candidate ID, so it is not a GATE response sheet. ${NOT_A_SHEET_HINT}`,
    );
  }
  const questions = page.questions.map(readQuestion);
  placeSubjectNumbering(questions);
  return { candidate, questions };
}

function notASheet(page: PageCells): GateError {
  if (page.hasPasswordField || /log\s?in|sign\s?in/i.test(page.title)) {
    return new GateError(
      'LOGIN_PAGE',
      `This is a login page, not a response sheet. Sign in on the GATE portal, open your response sheet and copy its link, or save that page and upload the file.`,
    );
  }
  return new GateError('NOT_A_RESPONSE_SHEET', `This page is not a GATE response sheet. ${NOT_A_SHEET_HINT}`);
}

function collectCells(html: string): PageCells {
  const page: PageCells = { header: [], questions: [], hasPasswordField: false, title: '' };
  let section = '';
  let cell: Cell | null = null;
  let question: RawQuestion | null = null;
  let inSectionLabel = false;
  let sectionLabelText: string[] = [];
  let inTitle = false;
  // Each open div remembers what it started, so its close ends the section label or the question.
  const divRoles: Array<'question' | 'sectionLabel' | null> = [];

  const closeCell = () => {
    if (!cell) return;
    if (cell.text !== '') cell.text = cleanText(cell.text);
    if (question) question.cells.push(cell);
    else if (page.questions.length === 0) page.header.push(cell);
    cell = null;
  };
  const closeQuestion = () => {
    closeCell();
    question = null;
  };

  const visitor: TagVisitor = {
    open(name, attributesStart, attributesEnd) {
      switch (name) {
        case 'div':
          if (hasClass(html.slice(attributesStart, attributesEnd), 'question-pnl')) {
            closeQuestion();
            question = { section, cells: [] };
            page.questions.push(question);
            divRoles.push('question');
          } else if (hasClass(html.slice(attributesStart, attributesEnd), 'section-lbl')) {
            closeQuestion();
            inSectionLabel = true;
            sectionLabelText = [];
            divRoles.push('sectionLabel');
          } else {
            divRoles.push(null);
          }
          break;
        case 'td':
        case 'th':
          closeCell();
          cell = { text: '', image: null };
          break;
        case 'tr':
        case 'table':
          closeCell();
          break;
        case 'img':
          // A cell keeps its first image only, and images outside questions are never read: 200,000 images in one
          // cell cost no more than 200,000 other tags.
          if (cell) cell.image ??= readImage(html.slice(attributesStart, attributesEnd));
          else if (question)
            question.cells.push({ text: '', image: readImage(html.slice(attributesStart, attributesEnd)) });
          break;
        case 'input':
          if (readAttribute(html.slice(attributesStart, attributesEnd), 'type')?.toLowerCase() === 'password')
            page.hasPasswordField = true;
          break;
        case 'title':
          inTitle = true;
          break;
      }
    },
    close(name) {
      if (name === 'td' || name === 'th' || name === 'tr' || name === 'table') closeCell();
      else if (name === 'title') inTitle = false;
      else if (name === 'div') {
        const role = divRoles.pop();
        if (role === 'question') closeQuestion();
        if (role === 'sectionLabel') {
          inSectionLabel = false;
          section = cleanText(sectionLabelText.join('')).replace(/^section\s*:\s*/i, '');
        }
      }
    },
    text(start, end) {
      if (cell) cell.text += html.slice(start, end);
      else if (inSectionLabel) sectionLabelText.push(html.slice(start, end));
      else if (inTitle) page.title += html.slice(start, end);
    },
  };
  scanTags(html, visitor);
  closeQuestion();
  return page;
}

/** Reads an img tag's file name and address. */
function readImage(tag: string): Image {
  const src = readAttribute(tag, 'src') ?? '';
  return { fileName: imageFileName(readAttribute(tag, 'name'), src), src };
}

/** 'Candidate ID :' → 'candidate id': labels may end in ':' and carry non-breaking spaces. */
function labelKey(text: string): string {
  // The portal's own spelling of the menu labels is matched first: it is what nearly every label cell holds.
  switch (text) {
    case 'Question Type :':
      return 'question type';
    case 'Question ID :':
      return 'question id';
    case 'Status :':
      return 'status';
    case 'Chosen Option :':
      return 'chosen option';
    case 'Given Answer :':
      return 'given answer';
  }
  return withoutTrailingColons(text).toLowerCase();
}

/**
 * Trims ':' and whitespace from the end, one character at a time: the pattern `[\s:]+$` retries at every ':' of a long
 * run and takes seconds on 40,000 of them.
 */
function withoutTrailingColons(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === COLON || isWhitespace(text.charCodeAt(end - 1)))) end--;
  return text.slice(0, end);
}

const COLON = 58;

/** A Map, so a header cell reading 'constructor' is not taken for a label off Object's prototype. */
const CANDIDATE_LABELS = new Map<string, keyof SheetCandidate>([
  ['candidate id', 'id'],
  ['participant id', 'id'],
  ['candidate name', 'name'],
  ['participant name', 'name'],
  ['test center name', 'testCenter'],
  ['test centre name', 'testCenter'],
  ['test date', 'testDate'],
  ['test time', 'testTime'],
  ['subject', 'subject'],
]);

function readCandidate(header: Cell[]): SheetCandidate {
  const candidate: SheetCandidate = {
    id: '',
    name: '',
    testCenter: '',
    testDate: '',
    testTime: '',
    subject: '',
    paperCode: '',
  };
  header.forEach((cell, i) => {
    const field = CANDIDATE_LABELS.get(labelKey(cell.text));
    const next = header[i + 1];
    if (!field || !next || candidate[field]) return;
    // Some headers put a lone ':' in a cell of its own between label and value.
    const valueCell = next.text === ':' ? header[i + 2] : next;
    candidate[field] = capped(valueCell?.text ?? '');
  });
  candidate.paperCode = /^([A-Z]{2,3})\d{2}S\d+$/.exec(candidate.id)?.[1] ?? '';
  return candidate;
}

const QUESTION_LABELS = new Set(['question type', 'question id', 'status', 'chosen option', 'given answer']);

/** The portal writes NAT as 'SA' (short answer) on some sheets. */
const TYPE_ALIASES: Record<string, QuestionType> = { MCQ: 'MCQ', MSQ: 'MSQ', NAT: 'NAT', SA: 'NAT' };

const OPTION_LABEL = /^\(?([A-Za-z]|\d{1,2})\s*[.)]/;

function readQuestion(raw: RawQuestion, index: number): SheetQuestion {
  const fields = new Map<string, string>();
  let displayNumber = 0;
  let stem: Image | null = null;
  const optionImages: Array<[label: string, image: Image]> = [];

  for (const [i, cell] of raw.cells.entries()) {
    if (cell.text.startsWith('Q.')) {
      const number = /^Q\.\s*(\d+)$/.exec(cell.text);
      if (number) displayNumber = Number(number[1]);
    }
    const key = cell.text.endsWith(':') ? labelKey(cell.text) : '';
    if (QUESTION_LABELS.has(key) && !fields.has(key)) {
      const next = raw.cells[i + 1];
      const nextIsLabel = next !== undefined && next.text.endsWith(':') && QUESTION_LABELS.has(labelKey(next.text));
      fields.set(key, next && !nextIsLabel ? next.text : '');
    }
    if (!cell.image) continue;
    const label = OPTION_LABEL.exec(cell.text);
    if (label) optionImages.push([(label[1] ?? '').toUpperCase(), cell.image]);
    else stem ??= cell.image;
  }

  const where = `Q.${displayNumber || index + 1}${raw.section ? ` of ${raw.section}` : ''}`;

  const longId = fields.get('question id') ?? '';
  if (!/^\d{5,20}$/.test(longId)) throw malformed(where, 'has no readable Question ID');
  const typeText = (fields.get('question type') ?? '').toUpperCase();
  const type = TYPE_ALIASES[typeText];
  if (!type) throw malformed(where, `has a question type we do not score (${typeText || 'none'})`);
  if (!stem) throw malformed(where, 'has no question image');

  const identity = identify(stem, where);
  if (identity.optionLetter !== null) throw unreadableImages(where, stem.fileName);
  const options: Record<string, string> = {};
  const masterLetters: Record<string, string> = {};
  let seenLetters = '';
  for (const [label, image] of optionImages) {
    const option = identify(image, where);
    if (option.optionLetter === null || option.number !== identity.number || option.code !== identity.code) {
      throw unreadableImages(where, image.fileName);
    }
    if (label in options || seenLetters.includes(option.optionLetter)) {
      throw malformed(where, `shows option ${label} (${option.optionLetter}) twice`);
    }
    options[label] = image.src;
    masterLetters[label] = option.optionLetter;
    seenLetters += option.optionLetter;
  }
  if (type !== 'NAT' && optionImages.length < 2) throw malformed(where, 'shows no options');

  const answer =
    type === 'NAT'
      ? readAnswer(fields.get('given answer') ?? '')
      : readChosenOptions(fields.get('chosen option') ?? '', options, where);

  return {
    section: raw.section,
    sectionKind: identity.sectionKind,
    displayNumber,
    longId,
    type,
    status: capped(fields.get('status') ?? ''),
    answer,
    stemImage: stem.src,
    options,
    masterNumber: identity.number,
    sectionCode: identity.code,
    masterLetters,
  };
}

function malformed(where: string, what: string): GateError {
  return new GateError('MALFORMED_SHEET', `The response sheet could not be read: ${where} ${what}.`);
}

function identify(image: Image, where: string): ImageIdentity {
  const identity = decodeImageName(image.fileName);
  if (!identity) throw unreadableImages(where, image.fileName);
  return identity;
}

function unreadableImages(where: string, fileName: string): GateError {
  return new GateError(
    'UNREADABLE_IMAGE_NAMES',
    `The response sheet could not be matched to the paper: the image '${fileName}' of ${where} does not carry a GATE question number.`,
  );
}

/** '--', ' -- ', '' mean no answer; a typed number is kept as typed. */
function readAnswer(text: string): string | null {
  const value = text.trim();
  return value === '' || /^-+$/.test(value) ? null : capped(value);
}

/**
 * Display labels, spaces dropped ('a, c' → 'A,C'). Read label by label with indexOf, so a flood of commas is refused at
 * its first label that is not an option instead of being split whole; `hasOwn`, so 'constructor' is not an option.
 */
function readChosenOptions(text: string, options: Record<string, string>, where: string): string | null {
  const value = readAnswer(text);
  if (value === null) return null;
  const labels: string[] = [];
  for (let start = 0; ;) {
    const comma = value.indexOf(',', start);
    const label = value
      .slice(start, comma < 0 ? value.length : comma)
      .trim()
      .toUpperCase();
    if (!Object.hasOwn(options, label)) {
      throw malformed(where, `shows chosen option '${label}', which is not one of its options`);
    }
    labels.push(label);
    if (comma < 0) return labels.join(',');
    start = comma + 1;
  }
}

/**
 * Subject images number their questions 11-65 on some papers and 1-55 on others. A full section shows which (a number
 * below 11 or above 55); otherwise the Question IDs, consecutive in master order, decide against a GA question.
 * Papers with parts (several subject image codes: 'gea', 'geb1'…) keep their numbers: the paper's sections place them.
 */
function placeSubjectNumbering(questions: SheetQuestion[]): void {
  const subject = questions.filter((q) => q.sectionKind === 'subject');
  const numbers = subject.map((q) => q.masterNumber);
  let offset = 0;
  if (new Set(subject.map((q) => q.sectionCode.replace(/\d+$/, ''))).size > 1) offset = 0;
  else if (numbers.some((n) => n < 11)) offset = 10;
  else if (!numbers.some((n) => n > 55)) offset = offsetFromQuestionIds(questions, subject);
  if (offset) for (const question of subject) question.masterNumber += offset;
  for (const question of questions) {
    if (question.sectionKind === 'GA' && (question.masterNumber < 1 || question.masterNumber > 10)) {
      throw unreadableImages(
        `Q.${question.displayNumber} of ${question.section}`,
        imageFileName(undefined, question.stemImage),
      );
    }
  }
}

function offsetFromQuestionIds(questions: SheetQuestion[], subject: SheetQuestion[]): number {
  const ga = questions.find((q) => q.sectionKind === 'GA');
  const probe = subject[0];
  if (!ga || !probe) return 0;
  const expected = ga.masterNumber + (Number(probe.longId) - Number(ga.longId));
  return expected === probe.masterNumber + 10 ? 10 : 0;
}
