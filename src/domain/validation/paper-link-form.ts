import { object } from 'yup';
import { linkField } from './score-request';

/**
 * Upload Question Paper's form: the link of the paper's master response sheet, required and kept to one line as a
 * candidate's link is (the API also takes the page itself, so its own schema does not require a link).
 */
export const paperLinkFormSchema = object({ paperLink: linkField() });
