import { object, string } from 'yup';
import { isTestPaper, TEST_PAPERS } from '../gate';
import { EMAIL_PATTERN, REQUIRED, emailField } from './accounts';

/**
 * Score request rules of spec §5, shared by the checker modal and the checker API: the response link and the test
 * paper are required; verification mode also needs a valid e-mail. Field names are the API's (`link` is the form's
 * "GATE Response Link").
 */

export const UNKNOWN_TEST_PAPER = `Choose one of ${TEST_PAPERS.join(', ')}`;

const linkField = () => string().trim().required(REQUIRED);

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
  email: string().trim().optional().matches(EMAIL_PATTERN, { message: 'Email is not valid', excludeEmptyString: true }),
});

/** POST /api/data/send-verification and the modal's verification mode. */
export const verificationRequestSchema = object({
  link: linkField(),
  email: emailField(),
});
