import { useState } from 'react';
import type { AnyObjectSchema, InferType } from 'yup';
import { firstErrors } from '../../domain/validation/accounts';

/** Values the caller keeps (a draft saved on the device, shared by several steps) instead of the form's own state. */
export interface HeldValues<Values> {
  values: Values;
  onChange: (values: Values) => void;
}

/**
 * Form state checked against a shared yup schema: a field shows its first failing message once the user has typed
 * in it or left it, and every field shows its message after a submit attempt.
 */
export function useSchemaForm<Values extends Record<string, string>, Schema extends AnyObjectSchema = AnyObjectSchema>(
  schema: Schema,
  initial: Values,
  held?: HeldValues<Values>,
) {
  const [ownValues, setOwnValues] = useState(initial);
  const values = held?.values ?? ownValues;
  const setValues = held?.onChange ?? setOwnValues;
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});

  const messageFor = (name: keyof Values, next: Values): string | undefined => {
    try {
      schema.validateSyncAt(name as string, next);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  /** Several fields at once (a form filled from a file): one by one, each would start from the values before. */
  const setFields = (changes: Partial<Values>) => {
    const next = { ...values, ...changes };
    const names = Object.keys(changes) as (keyof Values)[];
    setValues(next);
    setTouched((t) => ({ ...t, ...Object.fromEntries(names.map((name) => [name, true])) }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(names.map((name) => [name, messageFor(name, next)])) }));
  };

  const setField = (name: keyof Values, value: string) => setFields({ [name]: value } as Partial<Values>);

  const blurField = (name: keyof Values) => {
    setTouched((t) => ({ ...t, [name]: true }));
    setErrors((e) => ({ ...e, [name]: messageFor(name, values) }));
  };

  /**
   * Validates everything, reveals every message, and gives the values as the schema reads them (trimmed) when the form
   * may be sent. `against` is a narrower schema, for an action that needs fewer of the form's fields.
   */
  function validateAll(): InferType<Schema> | undefined;
  function validateAll<Narrower extends AnyObjectSchema>(against: Narrower): InferType<Narrower> | undefined;
  function validateAll(against: AnyObjectSchema = schema): unknown {
    const all = Object.fromEntries(Object.keys(values).map((key) => [key, true])) as Record<keyof Values, boolean>;
    setTouched(all);
    try {
      const valid: unknown = against.validateSync(values, { abortEarly: false });
      setErrors({});
      return valid;
    } catch (error) {
      setErrors(firstErrors(error) as Partial<Record<keyof Values, string>>);
      return undefined;
    }
  }

  const visibleError = (name: keyof Values) => (touched[name] ? errors[name] : undefined);

  const reset = () => {
    setValues(initial);
    setErrors({});
    setTouched({});
  };

  /** What a TextField or PasswordField needs to show and edit one field of this form. */
  const field = <Name extends keyof Values & string>(name: Name) => ({
    name,
    value: values[name],
    error: visibleError(name),
    onValueChange: (value: string) => setField(name, value),
    onBlur: () => blurField(name),
  });

  return { values, setField, setFields, blurField, validateAll, visibleError, field, reset };
}
