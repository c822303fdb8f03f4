import { isErrorCode } from '@greenhouse/contracts';
import type { TFunction } from 'i18next';
import { isApiRequestError } from './api-client';

export const UNKNOWN_ERROR_KEY = 'apiErrors.unknown_error';

/** The i18n key of an API error code's text (every known code has one); unknown codes get the fallback. */
export function apiErrorKey(code: string | undefined): string {
  return isErrorCode(code) ? `apiErrors.${code}` : UNKNOWN_ERROR_KEY;
}

/** The code of a thrown value when it is an API error. */
export function errorCodeOf(error: unknown): string | undefined {
  return isApiRequestError(error) ? error.code : undefined;
}

/**
 * `params.reason` of an API error: what tells apart answers that share a general code (e.g. a CONFLICT
 * "email_already_confirmed", a NOT_FOUND "sso_not_configured").
 */
export function errorReasonOf(error: unknown): string | undefined {
  const reason = isApiRequestError(error) ? error.params.reason : undefined;
  return typeof reason === 'string' ? reason : undefined;
}

/**
 * The translated text for any thrown value (docs/product-rules.md §8): API errors by code, anything else as
 * unknown.
 */
export function apiErrorMessage(t: TFunction, error: unknown): string {
  return t(apiErrorKey(errorCodeOf(error)));
}
