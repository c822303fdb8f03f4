import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  /** Translated error text; shown under the box and announced politely. */
  error?: string;
  /** Help under the box, read with it by screen readers. */
  hint?: string;
}

/** Labelled multi-line text box with its error message wired up for assistive technology. */
export function TextAreaField({ label, error, hint, id, className, rows = 3, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame {...{ label, error, hint, id, className }}>
      {(control) => (
        <textarea className="field__input field__input--multiline" rows={rows} {...control} {...props} />
      )}
    </FieldFrame>
  );
}
