import { number, object, string } from 'yup';
import { plainText } from '../domain/validation/text';

const paperIdField = () => plainText(string().trim().required('Name the paper (paperId), e.g. CS1-2026.').max(200));
const versionField = (name: string) =>
  number()
    .typeError(`${name} must be a key version number.`)
    .integer(`${name} must be a key version number.`)
    .min(0, `${name} must be a key version number.`)
    .required(`Name the key version to compare (${name}).`);

/** ?paperId=: the paper whose key version(s) are asked for. */
export const paperIdQuery = object({ paperId: paperIdField() });
/** ?paperId=&from=&to=: two key versions of a paper to compare. */
export const compareQuery = object({ paperId: paperIdField(), from: versionField('from'), to: versionField('to') });
