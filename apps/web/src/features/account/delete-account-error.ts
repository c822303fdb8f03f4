import { apiErrorKey, errorCodeOf } from '../../lib/api-error-message';
import { isApiRequestError } from '../../lib/api-client';

/** Where a failed POST /account/delete is shown: on the password field, or in the dialog's alert region. */
export type DeleteAccountErrorPlace =
  { kind: 'password'; messageKey: string } | { kind: 'form'; messageKey: string };

/**
 * A wrong password (account.invalid_current_password, or any error naming the password field) goes on the
 * password field when the account has one; everything else (account.last_admin,
 * account.reauthentication_needed, a server failure) is the dialog's, with its apiErrors text.
 */
export function deleteAccountErrorPlace(error: unknown, hasPassword: boolean): DeleteAccountErrorPlace {
  const code = errorCodeOf(error);
  const messageKey = apiErrorKey(code);
  const field = isApiRequestError(error) ? error.params.field : undefined;
  const onPassword = code === 'account.invalid_current_password' || field === 'password';
  return hasPassword && onPassword ? { kind: 'password', messageKey } : { kind: 'form', messageKey };
}
