import type { TFunction } from 'i18next';
import { isRouteErrorResponse } from 'react-router';
import { isApiRequestError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';

/** What the error page says about a thrown value. */
export function errorPageMessage(t: TFunction, error: unknown): string {
  if (isApiRequestError(error)) return apiErrorMessage(t, error);
  if (isRouteErrorResponse(error)) return error.status === 404 ? t('errorPage.notFound') : error.statusText;
  if (error instanceof Error && error.message) return error.message;
  return t('errorPage.unknown');
}
