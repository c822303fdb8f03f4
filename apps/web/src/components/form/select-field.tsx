import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';

export interface SelectOption {
  value: string | number;
  label: string;
}

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  options: readonly SelectOption[];
  /** Translated error text; shown under the select and announced politely. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** Labelled select with its error wired up for assistive technology (the select twin of TextField). */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  options,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FieldFrame {...{ label, error, hint, id, className }}>
      {(control) => (
        <select className="field__input field__select" {...control} {...selectProps}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
