import clsx from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';
import './form.css';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Translated error text; shown under the input and announced politely. */
  error?: string;
  /** Extra content on the label row, e.g. a "Forgot password" link. */
  labelAside?: ReactNode;
  /** Help under the input (e.g. the password rules), read with the input by screen readers. */
  hint?: string;
}

/** Labelled text input with its error message wired up for assistive technology. */
export function TextField({ label, error, labelAside, hint, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={clsx('field', className)}>
      <div className="field__label-row">
        <label htmlFor={inputId} className="field__label">
          {label}
        </label>
        {labelAside}
      </div>
      <div className={clsx('field__control', error && 'field__control--invalid')}>
        <input
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...inputProps}
        />
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
