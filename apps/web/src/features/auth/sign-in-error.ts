import { signInFormSchema, type SignInForm } from '@greenhouse/contracts';
import { isApiRequestError } from '../../lib/api-client';
import { apiErrorKey, errorCodeOf } from '../../lib/api-error-message';

export type SignInErrorOutcome =
  | { kind: 'field'; field: keyof SignInForm; messageKey: string }
  | { kind: 'info'; messageKey: string }
  | { kind: 'unconfirmed'; messageKey: string };

const isSignInField = (field: unknown): field is keyof SignInForm =>
  typeof field === 'string' && Object.prototype.hasOwnProperty.call(signInFormSchema.shape, field);

/**
 * Where a failed sign-in shows its message (docs/product-rules.md §8): on the field that params.field names
 * if the form has it; account_not_active as an info banner; email_not_confirmed as an info banner that offers
 * to send the confirmation e-mail again; any other error on the password field.
 */
export function signInErrorOutcome(error: unknown): SignInErrorOutcome {
  const code = errorCodeOf(error);
  const messageKey = apiErrorKey(code);
  const field = isApiRequestError(error) ? error.params.field : undefined;
  if (isSignInField(field)) return { kind: 'field', field, messageKey };
  if (code === 'authorization.account_not_active') return { kind: 'info', messageKey };
  if (code === 'authorization.email_not_confirmed') return { kind: 'unconfirmed', messageKey };
  return { kind: 'field', field: 'password', messageKey };
}
