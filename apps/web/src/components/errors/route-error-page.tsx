import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { errorPageMessage } from './error-message';
import { ErrorPage } from './error-page';

/** The router's errorElement: a render or loader error anywhere below the root route. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return <ErrorPage message={errorPageMessage(t, useRouteError())} />;
}
