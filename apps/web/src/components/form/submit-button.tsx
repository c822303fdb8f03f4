import type { ComponentProps } from 'react';

interface SubmitButtonProps extends Omit<ComponentProps<'button'>, 'type' | 'children'> {
  /** The form is submitting: the button is disabled, marked busy and shows busyLabel. */
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** A form's submit button that is disabled and busy while the form submits. */
export function SubmitButton({ busy, label, busyLabel, className, ...buttonProps }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy} {...buttonProps}>
      {busy ? busyLabel : label}
    </button>
  );
}
