import { checkNumericInput, type NumericInputOptions } from '@greenhouse/contracts';
import type { ComponentProps } from 'react';
import { FieldFrame } from './field-frame';

interface NumericFieldProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'type' | 'min' | 'max'
> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** The text as typed (possibly '' or partial); the field changes only to what `rules` accept. */
  value: string;
  onChange: (value: string) => void;
  rules: NumericInputOptions;
}

/**
 * A number typed as text under the numeric-input rules of docs/product-rules.md §5 (checkNumericInput): a
 * change the rules reject (a letter, a decimal where none is allowed, a value out of bounds) is not taken,
 * and a lone dot becomes 0. A text input with inputMode rather than type="number", whose browser-specific
 * parsing would hide what was typed.
 */
export function NumericField({
  label,
  error,
  hint,
  id,
  className,
  value,
  onChange,
  rules,
  ...inputProps
}: NumericFieldProps) {
  const decimals = rules.allowDecimals ?? (rules.decimals !== undefined && rules.decimals > 0);
  return (
    <FieldFrame {...{ label, error, hint, id, className }}>
      {(control) => (
        <input
          className="field__input"
          type="text"
          inputMode={decimals ? 'decimal' : 'numeric'}
          autoComplete="off"
          {...control}
          {...inputProps}
          value={value}
          onChange={(event) => {
            const checked = checkNumericInput(event.target.value, rules);
            if (checked.ok) onChange(checked.value);
          }}
        />
      )}
    </FieldFrame>
  );
}
