import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import './form.css';

export interface FieldFrameProps {
  label: string;
  /** Translated error text; shown under the control and announced politely. */
  error?: string | undefined;
  /** Help under the control, read with it by screen readers. */
  hint?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  /** The control, given its id and the ARIA attributes that tie it to the hint and the error. */
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A labelled form control with its hint and error wired up for assistive technology (TextField, TextAreaField). */
export function FieldFrame({ label, error, hint, id, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={clsx('field', className)}>
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      <div className={clsx('field__control', error && 'field__control--invalid')}>
        {children({
          id: controlId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
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
