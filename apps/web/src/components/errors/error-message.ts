import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';

/** What the error page says about a thrown value. */
export function errorPageMessage(t: TFunction, error: unknown): string {
  if (isApiRequestError(error)) return apiErrorMessage(t, error);
  if (error instanceof Error && error.message) return error.message;
  return t('errorPage.unknown');
}
