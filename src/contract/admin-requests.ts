import { boolean, mixed, number, object, string } from 'yup';
import { MAX_LINK_LENGTH } from '../domain/validation/score-request';
import { plainText } from '../domain/validation/text';

/** The longest key taken, typed or imported: the longest real one ('1.5:2.5 OR 3.0:3.0 OR …') is a few dozen. */
export const KEY_MAX_LENGTH = 1000;

/** A paper to process: a link, or the page itself (the text/html body, or `html` in a JSON object). */
export const processRequest = object({
  link: plainText(string().trim().max(MAX_LINK_LENGTH)).when('html', {
    is: (html: string | undefined) => !html,
    then: (link) => link.required('Question Paper Link is required.'),
  }),
  html: string(),
});

const CLIENT_TIME = 'clientTime must be an ISO date or a time in milliseconds.';

/** A client time for update-answer: ISO text or epoch ms, read as a Date (an invalid one is refused). */
const clientTimeField = () =>
  mixed<Date>()
    .nullable()
    .transform((raw: unknown) => {
      if (raw === undefined || raw === null) return undefined;
      return typeof raw === 'number' || typeof raw === 'string' ? new Date(raw) : new Date(NaN);
    })
    .test('a-time', CLIENT_TIME, (time) => time == null || !Number.isNaN(time.getTime()));

export const updateAnswerRequest = object({
  _id: plainText(string().trim().required('The question id (_id) is required.').max(100)),
  answerKey: plainText(string().trim().required('The answer key is required.').max(KEY_MAX_LENGTH)),
  opId: plainText(string().max(100, 'opId must be at most 100 characters.')),
  clientTime: clientTimeField(),
});

/** Longest name of a key version ('provisional', 'final', or the administrator's own). */
export const KEY_LABEL_MAX = 60;

/**
 * The most an import may carry. The largest paper (XE, 175 questions) writes its key rows in about 5,700 characters:
 * these leave over ten times that, and stop a body of megabytes from being read row by row before it is refused.
 */
export const KEY_ROWS_MAX_CHARS = 100_000;
export const KEY_ENTRIES_MAX = 1_000;

export const importKeyRequest = object({
  paperId: plainText(string().trim().required('Name the paper the key belongs to (paperId).').max(200)),
  keys: mixed().test(
    'few-enough',
    `Send at most ${KEY_ENTRIES_MAX.toLocaleString('en')} keys (keys): a GATE paper has at most 175 questions.`,
    (keys) => typeof keys !== 'object' || keys === null || Object.keys(keys).length <= KEY_ENTRIES_MAX,
  ),
  marks: mixed().test(
    'few-enough',
    `Send at most ${KEY_ENTRIES_MAX.toLocaleString('en')} marks (marks): a GATE paper has at most 175 questions.`,
    (marks) => typeof marks !== 'object' || marks === null || Object.keys(marks).length <= KEY_ENTRIES_MAX,
  ),
  rows: plainText(
    string().max(
      KEY_ROWS_MAX_CHARS,
      `Send at most ${KEY_ROWS_MAX_CHARS.toLocaleString('en')} characters of key rows (rows): an official key's rows are a few thousand.`,
    ),
    { multiLine: true },
  ),
  label: plainText(
    string().trim().max(KEY_LABEL_MAX, `Name the key version in at most ${KEY_LABEL_MAX} characters (label).`),
  ),
});

/** A page parameter of the query: a whole number in range, or absent when left empty. */
const pageParameter = (name: string, max?: number) => {
  const message = `${name} must be a whole number${max === undefined ? ' of 0 or more' : ` from 0 to ${max}`}.`;
  const whole = number()
    .transform((value: number, original: unknown) => (original === '' ? undefined : value))
    .typeError(message)
    .integer(message)
    .min(0, message);
  return max === undefined ? whole : whole.max(max, message);
};
export const resultPageQuery = object({
  limit: pageParameter('limit', 10_000),
  skip: pageParameter('skip'),
  paper: plainText(string().trim().max(60, 'Name the paper by its id (EE-2025).')),
});

export const retireRequest = object({
  paperId: plainText(string().trim().required('Name the paper by its id (paperId).').max(100)),
  retired: boolean().strict().typeError('retired must be true or false.').required('Say whether (retired).'),
});
