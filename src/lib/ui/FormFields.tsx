import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

/** What a field's control takes to be tied to its label and its error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  /** The control's id, when a page needs a fixed one (its error is `${id}-error`); otherwise one is made. */
  id?: string;
  error?: string;
  /** Extra class of the wrapper, for a form's own layout. */
  className?: string;
  children: (control: FieldControl) => ReactNode;
}

/**
 * The one way a form shows a field: a label tied to the control, and the field's error below it, announced
 * (role="alert") and tied to the control with aria-invalid and aria-describedby. Any control (input, select, textarea)
 * goes in `children`, spread with the props it is given.
 */
export function Field({ label, id: fixedId, error, className, children }: FieldProps) {
  const madeId = useId();
  const id = fixedId ?? madeId;
  const errorId = `${id}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
}

/** A labelled text input (see Field). */
export function TextField({ label, id, value, error, onValueChange, type = 'text', ...rest }: TextFieldProps) {
  return (
    <Field label={label} id={id} error={error}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          type={type}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...rest}
        />
      )}
    </Field>
  );
}

/** A password input with the show/hide eye toggle. */
export function PasswordField({ label, value, error, onValueChange, ...rest }: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error}>
      {(control) => (
        <div className="field__password">
          <input
            {...control}
            className="field__input"
            type={visible ? 'text' : 'password'}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            {...rest}
          />
          <button
            type="button"
            className="field__toggle"
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
              <circle cx="12" cy="12" r="3.2" fill="currentColor" />
              {visible && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="1.8" />}
            </svg>
          </button>
        </div>
      )}
    </Field>
  );
}

/**
 * A busy button's spinner. With a label it is announced as a status; without one it is decoration beside a button
 * whose aria-busy already says so.
 */
export function Spinner({ label }: { label?: string }) {
  if (!label) return <span className="spinner" aria-hidden="true" />;
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
