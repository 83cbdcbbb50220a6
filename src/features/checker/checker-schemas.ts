import { object, string, type StringSchema } from 'yup';
import {
  linkField,
  scoreRequestSchema,
  sheetLinkProblem,
  testPaperField,
  verificationRequestSchema,
} from '../../domain/validation/score-request';

/**
 * The checker's forms: the API's own schemas, plus the rule the server applies before an e-mail is asked for: a typed
 * link must be one that can be a response sheet (said under the field). `ownOrigin` is the app's, where the demo's
 * sample sheets are.
 */
export function checkerSchemas(ownOrigin: string) {
  const sheetLink = <Link extends StringSchema<string | undefined>>(link: Link) =>
    link.test({
      name: 'response-sheet-link',
      test: (value, context) => {
        const problem = value ? sheetLinkProblem(value, [ownOrigin]) : undefined;
        return problem ? context.createError({ message: problem }) : true;
      },
    });
  return {
    /** Link and test paper (and the e-mail, when this device holds one) for Retrieve Score. */
    score: scoreRequestSchema.shape({ link: sheetLink(linkField()) }),
    /** A saved page brings its own sheet: the link is optional, but one typed must be a response sheet's. */
    savedPage: object({ link: sheetLink(string().trim()), testPaper: testPaperField() }),
    /** The e-mail step for a typed link. */
    linkEmail: verificationRequestSchema.shape({ link: sheetLink(linkField()) }),
    /** The e-mail step for an uploaded page, which the server holds already: the address alone. */
    uploadEmail: verificationRequestSchema.pick(['email']),
  };
}
