import type { AnyObjectSchema } from 'yup';
import { useSchemaForm } from '../../lib/ui/use-schema-form';
import type { CheckerForm } from './checker-draft';

/**
 * A checker step's fields, checked by its schema: the values are the draft kept on this device (checker-draft.ts),
 * named as the API names them (`link` is the form's "GATE Response Link").
 */
export function useCheckerFields<Schema extends AnyObjectSchema>(
  schema: Schema,
  form: CheckerForm,
  onFormChange: (form: CheckerForm) => void,
) {
  const values = { link: form.gateLink, testPaper: form.testPaper, email: form.email };
  return useSchemaForm(schema, values, {
    values,
    onChange: ({ link, testPaper, email }) => onFormChange({ ...form, gateLink: link, testPaper, email }),
  });
}
