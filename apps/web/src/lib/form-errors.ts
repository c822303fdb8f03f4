import type { TFunction } from 'i18next';
import { isApiRequestError } from './api-client';
import { apiErrorKey, errorCodeOf } from './api-error-message';

/** The error type of a message the server gave for a field (react-hook-form's `type`, useSchemaForm's alike). */
export const SERVER_ERROR_TYPE = 'server';

/** A field's error as both form hooks keep it: its kind (a zod issue code, or SERVER_ERROR_TYPE) and i18n key. */
export interface FieldErrorLike {
  type: string;
  message?: string | undefined;
}

/** Puts an error on a field (react-hook-form's setError, useSchemaForm's alike). */
export type SetFieldError<F extends string> = (
  field: F,
  error: { type: string; message: string },
  options: { shouldFocus: boolean },
) => void;

/** Where a failed call's message goes: onto a field of the form, or into the form's alert region. */
export type FormErrorOutcome<F extends string> =
  | { kind: 'field'; field: F; messageKey: string }
  | { kind: 'form'; code: string | undefined; messageKey: string };

/**
 * Places a failed call's message (docs/product-rules.md §8): on the field that params.field names if the form
 * has it (the apiErrors text of its code), otherwise in the form's alert region.
 */
export function formErrorOutcome<F extends string>(
  error: unknown,
  fields: readonly F[],
): FormErrorOutcome<F> {
  const code = errorCodeOf(error);
  const messageKey = apiErrorKey(code);
  const field = isApiRequestError(error) ? error.params.field : undefined;
  const known = typeof field === 'string' && (fields as readonly string[]).includes(field);
  return known ? { kind: 'field', field: field as F, messageKey } : { kind: 'form', code, messageKey };
}

/**
 * The translated text of a field's error, or undefined while it should stay hidden: client-side errors
 * show once the field has been touched or the form submitted (like the sign-in form); the server's always.
 */
export function visibleFieldError(
  t: TFunction,
  error: FieldErrorLike | undefined,
  touched: boolean | undefined,
  submitted: boolean,
): string | undefined {
  if (!error?.message) return undefined;
  return error.type === SERVER_ERROR_TYPE || touched || submitted ? t(error.message) : undefined;
}

/**
 * Runs a form's submit. When the call fails with a message for one of `fields`, the message is set on that
 * field (focused); any other failure stays on the mutation, for the form's alert region (FormErrorBanner).
 */
export async function submitShowingFieldErrors<F extends string>(
  submit: () => Promise<unknown>,
  fields: readonly F[],
  setError: SetFieldError<F>,
): Promise<void> {
  try {
    await submit();
  } catch (error) {
    const outcome = formErrorOutcome(error, fields);
    if (outcome.kind === 'field') {
      setError(
        outcome.field,
        { type: SERVER_ERROR_TYPE, message: outcome.messageKey },
        { shouldFocus: true },
      );
    }
  }
}
