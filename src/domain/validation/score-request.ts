import { object, string } from 'yup';
import { isTestPaper, TEST_PAPERS } from '../gate/test-papers';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, REQUIRED, emailField } from './accounts';
import { atMost, plainText } from './text';

/**
 * Score request rules, shared by the checker modal and the checker API: the response link and the test
 * paper are required; verification mode also needs a valid e-mail. Field names are the API's (`link` is the form's
 * "GATE Response Link").
 */

export const UNKNOWN_TEST_PAPER = `Choose one of ${TEST_PAPERS.join(', ')}`;

export const SECTIONS_FORMAT = "Name the sections you chose by their ids, separated by commas (e.g. 'B,C').";

/**
 * The optional sections a candidate chose on a paper with parts, when the sheet does not settle it: their ids
 * separated by commas ('B1', 'B,C'). The engine checks them against the paper's rule.
 */
export const sectionsField = () =>
  plainText(
    string()
      .trim()
      .max(60, SECTIONS_FORMAT)
      .matches(/^[A-Za-z][A-Za-z0-9]{0,3}(?:\s*,\s*[A-Za-z][A-Za-z0-9]{0,3}){0,9}$/, {
        message: SECTIONS_FORMAT,
        excludeEmptyString: true,
      }),
  );

/** 'b, C' → ['B', 'C']; undefined when none were given. */
export function chosenSectionsOf(text: string | undefined | null): string[] | undefined {
  const ids = (text ?? '')
    .split(',')
    .map((id) => id.trim().toUpperCase())
    .filter(Boolean);
  return ids.length > 0 ? ids : undefined;
}

/** What is wrong with a link that cannot be a response sheet, said so the candidate knows what to copy instead. */
export const SHEET_LINK_MESSAGES = {
  notALink: 'Enter the full link to your GATE response sheet (it starts with https://).',
  notHttps:
    'A GATE response-sheet link starts with https://. Copy the address of your response sheet from the GATE portal.',
  notASheetPage:
    'This link is not a response sheet: the address of a GATE response sheet ends in .html. Open your response sheet on the GATE portal and copy the address of that page.',
} as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a link can be a response sheet at all, before anyone is asked for an e-mail or a mail goes out: a full
 * https address of an .html page (the portal's sheets, and the demo's sample sheets). Plain http is only for this
 * machine (test fixtures) and for `ownOrigins`, the app's own origin (its demo sheets). Which hosts are fetched is
 * the server's allow-list (RESPONSE_SHEET_HOSTS), not this rule. Returns the message, or undefined when it can be.
 */
export function sheetLinkProblem(link: string, ownOrigins: readonly string[] = []): string | undefined {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return SHEET_LINK_MESSAGES.notALink;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return SHEET_LINK_MESSAGES.notALink;
  const plainHttpAllowed = LOOPBACK_HOSTS.has(url.hostname) || ownOrigins.includes(url.origin);
  if (url.protocol === 'http:' && !plainHttpAllowed) return SHEET_LINK_MESSAGES.notHttps;
  if (!/\.html$/i.test(url.pathname)) return SHEET_LINK_MESSAGES.notASheetPage;
  return undefined;
}

/** Longer than any portal address; a link is a single line of text. */
export const MAX_LINK_LENGTH = 2048;

/** A response-sheet link: required, one line, no longer than any portal address. */
export const linkField = () =>
  plainText(string().trim().required(REQUIRED).max(MAX_LINK_LENGTH, atMost(MAX_LINK_LENGTH)));

// A test rather than oneOf: yup checks oneOf before required, and an empty choice must read 'This field is required'.
export const testPaperField = () =>
  string()
    .trim()
    .required(REQUIRED)
    .test('known-test-paper', UNKNOWN_TEST_PAPER, (value) => !value || isTestPaper(value));

/** POST /api/data/generate-response; the e-mail is optional here and only checked when given. */
export const scoreRequestSchema = object({
  link: linkField(),
  testPaper: testPaperField(),
  sections: sectionsField(),
  email: plainText(
    string()
      .trim()
      .optional()
      .max(MAX_EMAIL_LENGTH, atMost(MAX_EMAIL_LENGTH))
      .matches(EMAIL_PATTERN, { message: 'Email is not valid', excludeEmptyString: true }),
  ),
});

/** POST /api/data/send-verification and the modal's verification mode. */
export const verificationRequestSchema = object({
  link: linkField(),
  email: emailField(),
});
