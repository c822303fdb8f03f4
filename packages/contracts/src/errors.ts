// zod/mini: the web app reads every error body through this schema, on the first page too (account-entities.ts).
import * as z from 'zod/mini';

/**
 * Every error code the API can answer with (docs/product-rules.md §8), with its HTTP status.
 *
 * Status choices that matter to the client:
 * - The web app clears the session on ANY 401 (docs/product-rules.md §4). So 401 is kept for "you are not
 *   (or no longer) signed in" and for failed sign-in attempts; a wrong *current* password while signed in is
 *   400, never 401.
 * - 403 means "signed in (or identified), but this is not allowed for you/this account"; the client does
 *   not act on 403 by itself.
 * - 409 means "conflicts with the current state of the resource"; 429 means "too soon, try again later".
 */
export const errorCodes = {
  // General (docs/product-rules.md §8).
  FORBIDDEN: { status: 403 },
  SERVICE_UNAVAILABLE: { status: 503 },
  INTERNAL: { status: 500 },
  NOT_FOUND: { status: 404 },
  NOT_IMPLEMENTED_YET: { status: 501 },
  // Client-side codes for a failed call whose body is not an API error; 500 as the generic failure.
  http_error: { status: 500 },
  unknown_error: { status: 500 },

  // General codes of ours.
  BAD_REQUEST: { status: 400 },
  UNAUTHORIZED: { status: 401 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  // The request (headers and body) did not arrive within the server's bound (REQUEST_TIMEOUT_SECONDS).
  REQUEST_TIMEOUT: { status: 408 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  TOO_MANY_REQUESTS: { status: 429 },
  CONFLICT: { status: 409 },
  CSRF_INVALID: { status: 403 },

  // Default validation keys (docs/product-rules.md §5), used when a schema check has no more specific code.
  'validation.required': { status: 400 },
  'validation.email': { status: 400 },
  'validation.stringMin': { status: 400 },
  'validation.stringMax': { status: 400 },
  'validation.numberMin': { status: 400 },
  'validation.numberMax': { status: 400 },
  'validation.arrayMin': { status: 400 },
  // Text the database cannot store: a NUL (U+0000) or a lone UTF-16 surrogate (storable-text.ts).
  'validation.invalid_characters': { status: 400 },

  // account
  'account.not_found': { status: 404 },
  // The operation (e.g. password change) is not available to an account that signs in through SSO.
  'account.registered_with_social_provider': { status: 403 },
  'account.first_name_required': { status: 400 },
  'account.first_name_too_long': { status: 400 },
  'account.last_name_required': { status: 400 },
  'account.last_name_too_long': { status: 400 },
  'account.new_password_same_as_current_password': { status: 400 },
  // 400, not 401: a 401 would sign the user out (docs/product-rules.md §4).
  'account.invalid_current_password': { status: 400 },
  'account.password_too_short': { status: 400 },
  'account.password_too_long': { status: 400 },
  'account.password_invalid': { status: 400 },
  'account.role_invalid': { status: 400 },
  // 429 rather than 403: the allowance renews with time (prompts.nextRenewalAt), so the same request
  // succeeds later, which is what 429 says.
  'account.prompts_insufficient': { status: 429 },
  // Admins delete their own account from Settings (with their password), not from the admin panel.
  'account.cannot_delete_self': { status: 409 },
  // Demoting, deactivating or deleting the last active admin would leave nobody to run the installation.
  'account.last_admin': { status: 409 },
  // Deleting a Google-only account needs a Google sign-in within the last 5 minutes.
  'account.reauthentication_needed': { status: 403 },

  // authorization
  'authorization.unauthorized': { status: 401 },
  'authorization.session_expired': { status: 401 },
  'authorization.email_already_in_use': { status: 409 },
  'authorization.email_required': { status: 400 },
  'authorization.email_invalid': { status: 400 },
  'authorization.password_required': { status: 400 },
  'authorization.password_too_short': { status: 400 },
  'authorization.password_too_long': { status: 400 },
  'authorization.password_invalid': { status: 400 },
  'authorization.first_name_required': { status: 400 },
  'authorization.first_name_too_long': { status: 400 },
  'authorization.last_name_required': { status: 400 },
  'authorization.last_name_too_long': { status: 400 },
  'authorization.invalid_credentials': { status: 401 },
  'authorization.account_not_active': { status: 403 },
  'authorization.email_not_confirmed': { status: 403 },
  'authorization.invalid_email_confirmation_token': { status: 400 },
  'authorization.email_confirmation_token_already_sent': { status: 429 },
  'authorization.invalid_or_expired_password_reset_token': { status: 400 },
  'authorization.password_reset_token_already_sent': { status: 429 },
  // SSO callback got a state/code that does not check out: bad input to the callback, so 400.
  'authorization.sso_invalid_state': { status: 400 },
  'authorization.sso_invalid_code': { status: 400 },
  'authorization.account_already_registered_with_email': { status: 409 },
  // Same situation as account.registered_with_social_provider (e-mail flow on an SSO account).
  'authorization.account_not_registered_with_email': { status: 403 },
  // The SSO provider failed us; 502 would be more exact, but we keep to the statuses the client knows.
  'authorization.failed_to_get_user_data': { status: 500 },

  // bloom
  'bloom.not_found': { status: 404 },
  'bloom.missing_file': { status: 400 },
  // 400 rather than 415: the request (multipart) is fine, the uploaded file is not JSON.
  'bloom.invalid_file': { status: 400 },
  'bloom.invalid_json': { status: 400 },
  'bloom.name_required': { status: 400 },
  'bloom.name_too_long': { status: 400 },
  'bloom.file_name_too_long': { status: 400 },
  'bloom.file_not_found': { status: 404 },
  // Only a failed agent can be retried.
  'bloom.not_failed': { status: 409 },
  // Issue 33: a new version only once the newest has finished; the only version cannot be deleted.
  'bloom.version_in_progress': { status: 409 },
  'bloom.version_not_found': { status: 404 },
  'bloom.only_version': { status: 409 },
  // "Edit and retrain": the newest version's protocol has no draft form (params.reason: mtp's DraftMisfitKey).
  'bloom.not_editable': { status: 409 },

  // chat
  'chat.not_found': { status: 404 },
  'chat.title_required': { status: 400 },
  'chat.title_too_long': { status: 400 },
  'chat.message_empty': { status: 400 },
  'chat.message_too_long': { status: 400 },
  'chat.not_ready_to_generate': { status: 409 },
  'chat.closed': { status: 409 },
  'chat.answering': { status: 409 },

  // The user's own sessions and personal API tokens (settings).
  'session.not_found': { status: 404 },
  'token.not_found': { status: 404 },
  'token.name_required': { status: 400 },
  'token.name_too_long': { status: 400 },
  'token.limit_reached': { status: 409 },

  // Issue 34: an agent's share link that does not exist (never made, revoked, or its agent deleted).
  'share.not_found': { status: 404 },

  'access.forbidden': { status: 403 },
  'query.invalid_param': { status: 400 },
  'header.invalid': { status: 400 },

  // model
  'model.not_found': { status: 404 },
  'model.name_required': { status: 400 },
  'model.name_too_long': { status: 400 },
  'model.files_not_found': { status: 404 },

  // payment
  'payment.already_paid': { status: 409 },
  'payment.not_found': { status: 404 },
  // No checkout session exists yet for this bloom: a state problem, not a missing resource.
  'payment.not_initialized': { status: 409 },
  'payment.customer_not_found': { status: 404 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(v: unknown): v is ErrorCode {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(errorCodes, v);
}

export function statusOf(code: ErrorCode): number {
  return errorCodes[code].status;
}

export type ErrorType = 'validation' | 'error';

/** `validation` for every 400 (a problem with what was sent), `error` for everything else. */
export function errorTypeOf(code: ErrorCode): ErrorType {
  return statusOf(code) === 400 ? 'validation' : 'error';
}

/**
 * The one error body of the API (docs/product-rules.md §8). `params.field` names the offending input field,
 * if any.
 */
export const apiErrorSchema = z.object({
  code: z.string(),
  status: z.int(),
  message: z.string(),
  type: z.string(),
  params: z._default(z.record(z.string(), z.unknown()), {}),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

/** What the client reports when a call got no response at all. */
export const serviceUnavailableError: ApiError = {
  code: 'SERVICE_UNAVAILABLE',
  status: 503,
  type: 'error',
  message: 'Service is currently unavailable',
  params: {},
};

export const defaultErrorMessages: Record<ErrorCode, string> = {
  FORBIDDEN: 'You are not allowed to do this.',
  SERVICE_UNAVAILABLE: 'Service is currently unavailable',
  INTERNAL: 'Internal server error.',
  NOT_FOUND: 'Not found.',
  NOT_IMPLEMENTED_YET: 'Not implemented yet.',
  http_error: 'The request failed.',
  unknown_error: 'An unknown error occurred. Please try again.',

  BAD_REQUEST: 'The request is malformed.',
  UNAUTHORIZED: 'You are not signed in.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type.',
  TOO_MANY_REQUESTS: 'Too many requests. Please try again later.',
  CONFLICT: 'The request conflicts with the current state.',
  CSRF_INVALID: 'Invalid or missing cross-site request token.',

  'validation.required': 'This field is required.',
  'validation.email': 'Invalid e-mail address.',
  'validation.stringMin': 'The value is too short.',
  'validation.stringMax': 'The value is too long.',
  'validation.numberMin': 'The value is too small.',
  'validation.numberMax': 'The value is too large.',
  'validation.arrayMin': 'Too few items.',
  'validation.invalid_characters': 'The text contains characters that cannot be stored.',

  'account.not_found': 'Account not found.',
  'account.registered_with_social_provider': 'This account is registered with a social provider.',
  'account.first_name_required': 'First name is required.',
  'account.first_name_too_long': 'First name cannot be more than 32 characters long.',
  'account.last_name_required': 'Last name is required.',
  'account.last_name_too_long': 'Last name cannot be more than 64 characters long.',
  'account.new_password_same_as_current_password': 'The new password must differ from the current password.',
  'account.invalid_current_password': 'The current password is incorrect.',
  'account.password_too_short': 'Password must be at least 8 characters long.',
  'account.password_too_long': 'Password cannot be more than 64 characters long.',
  'account.password_invalid':
    'Password must contain a lowercase letter, an uppercase letter, a digit and one of @$!%*#?&, and nothing else.',
  'account.role_invalid': 'Invalid role.',
  'account.prompts_insufficient': 'You have no prompts left.',
  'account.cannot_delete_self': 'You cannot delete your own account here; use Settings.',
  'account.last_admin': 'This is the last active admin account.',
  'account.reauthentication_needed': 'Sign in with Google again to confirm.',

  'authorization.unauthorized': 'You are not signed in.',
  'authorization.session_expired': 'Your session has expired. Please sign in again.',
  'authorization.email_already_in_use': 'This e-mail address is already in use.',
  'authorization.email_required': 'E-mail is required.',
  'authorization.email_invalid': 'Invalid e-mail address.',
  'authorization.password_required': 'Password is required.',
  'authorization.password_too_short': 'Password must be at least 8 characters long.',
  'authorization.password_too_long': 'Password cannot be more than 64 characters long.',
  'authorization.password_invalid':
    'Password must contain a lowercase letter, an uppercase letter, a digit and one of @$!%*#?&, and nothing else.',
  'authorization.first_name_required': 'First name is required.',
  'authorization.first_name_too_long': 'First name cannot be more than 32 characters long.',
  'authorization.last_name_required': 'Last name is required.',
  'authorization.last_name_too_long': 'Last name cannot be more than 64 characters long.',
  'authorization.invalid_credentials': 'Invalid e-mail or password.',
  'authorization.account_not_active':
    'Account is under verification. You will receive an email when it is approved.',
  'authorization.email_not_confirmed': 'Please confirm your e-mail address first.',
  'authorization.invalid_email_confirmation_token': 'Invalid e-mail confirmation link.',
  'authorization.email_confirmation_token_already_sent':
    'A confirmation e-mail was sent recently. Please try again later.',
  'authorization.invalid_or_expired_password_reset_token':
    'The password reset link is invalid or has expired.',
  'authorization.password_reset_token_already_sent':
    'A password reset e-mail was sent recently. Please try again later.',
  'authorization.sso_invalid_state': 'Single sign-on failed (invalid state). Please try again.',
  'authorization.sso_invalid_code': 'Single sign-on failed (invalid code). Please try again.',
  'authorization.account_already_registered_with_email':
    'An account with this e-mail is already registered with a password.',
  'authorization.account_not_registered_with_email':
    'This account does not sign in with e-mail and password.',
  'authorization.failed_to_get_user_data': 'Could not get your data from the sign-in provider.',

  'bloom.not_found': 'Bloom not found.',
  'bloom.missing_file': 'File is required.',
  'bloom.invalid_file': 'Invalid file: expected JSON.',
  'bloom.invalid_json': 'The file is not valid JSON.',
  'bloom.name_required': 'Bloom name is required.',
  'bloom.name_too_long': 'Bloom name cannot be more than 128 characters long.',
  'bloom.file_name_too_long': 'File name cannot be more than 128 characters long.',
  'bloom.file_not_found': 'File not found.',
  'bloom.not_failed': 'Only a failed agent can be retried.',
  'bloom.version_in_progress': 'A version of this agent is still in the works; wait until it finishes.',
  'bloom.version_not_found': 'Version not found.',
  'bloom.only_version': 'The only version of an agent cannot be deleted; delete the agent instead.',
  'bloom.not_editable':
    'This protocol cannot be edited in the draft editor; edit the file and upload it as a new version.',

  'chat.not_found': 'Chat not found.',
  'chat.title_required': 'Chat title is required.',
  'chat.title_too_long': 'Chat title cannot be more than 255 characters long.',
  'chat.message_empty': 'Message cannot be empty.',
  'chat.message_too_long': 'Message cannot be more than 256 characters long.',
  'chat.not_ready_to_generate': 'The chat is not ready to generate yet.',
  'chat.closed': 'This chat is closed.',
  'chat.answering': 'The chat is still answering.',

  'session.not_found': 'Session not found.',
  'token.not_found': 'Token not found.',
  'token.name_required': 'Token name is required.',
  'token.name_too_long': 'Token name cannot be more than 64 characters long.',
  'token.limit_reached': 'You have reached the limit of 20 API tokens. Delete one before creating another.',
  'share.not_found': 'This link does not work: it was revoked, or its agent was deleted.',
  'access.forbidden': 'You do not have access to this resource.',
  'query.invalid_param': 'Invalid query parameter.',
  'header.invalid': 'Invalid header.',

  'model.not_found': 'Model not found.',
  'model.name_required': 'Model name is required.',
  'model.name_too_long': 'Model name cannot be more than 255 characters long.',
  'model.files_not_found': 'Model files not found.',

  'payment.already_paid': 'This bloom is already paid for.',
  'payment.not_found': 'Payment not found.',
  'payment.not_initialized': 'Payment has not been started.',
  'payment.customer_not_found': 'Payment customer not found.',
};
