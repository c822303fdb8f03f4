import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Translated error text; shown under the input and announced politely. */
  error?: string;
  /** Help under the input (e.g. the password rules), read with the input by screen readers. */
  hint?: string;
}

/** Labelled text input with its error message wired up for assistive technology. */
export function TextField({ label, error, hint, id, className, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame {...{ label, error, hint, id, className }}>
      {(control) => <input className="field__input" {...control} {...inputProps} />}
    </FieldFrame>
  );
}
