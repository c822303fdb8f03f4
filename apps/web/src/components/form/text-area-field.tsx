import clsx from 'clsx';
import { useId, type ComponentProps } from 'react';
import './form.css';

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  /** Translated error text; shown under the box and announced politely. */
  error?: string;
  /** Help under the box, read with it by screen readers. */
  hint?: string;
}

/** Labelled multi-line text box with its error message wired up for assistive technology (see TextField). */
export function TextAreaField({ label, error, hint, id, className, rows = 3, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={clsx('field', className)}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <div className={clsx('field__control', error && 'field__control--invalid')}>
        <textarea
          id={inputId}
          className="field__input field__input--multiline"
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...props}
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
