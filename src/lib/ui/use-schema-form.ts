import { useState } from 'react';
import type { AnyObjectSchema } from 'yup';
import { firstErrors } from '../../domain/validation/accounts';

/**
 * Form state checked against a shared yup schema: a field shows its first failing message once the user has typed
 * in it or left it, and every field shows its message after a submit attempt.
 */
export function useSchemaForm<Values extends Record<string, string>>(schema: AnyObjectSchema, initial: Values) {
  const [values, setValues] = useState(initial);
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

  /** Validates everything, reveals every message, and says whether the form may be sent. */
  const validateAll = (): boolean => {
    const all = Object.fromEntries(Object.keys(values).map((key) => [key, true])) as Record<keyof Values, boolean>;
    setTouched(all);
    try {
      schema.validateSync(values, { abortEarly: false });
      setErrors({});
      return true;
    } catch (error) {
      setErrors(firstErrors(error) as Partial<Record<keyof Values, string>>);
      return false;
    }
  };

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
