import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorPage } from '../components/errors/error-page';
import { ServiceUnavailablePage } from '../components/errors/service-unavailable-page';
import { FullPageLoader } from '../components/loader/loader';
import { useAccountLanguage } from '../features/account/language-sync';
import { useSession } from '../lib/session';
import { useRuntimeConfigState } from '../lib/runtime-config';
import { returnAfterSignIn } from '../lib/return-after-sign-in';
import { accessOf, resolveRoute } from './routing-rules';

/**
 * The root of every route: waits for the runtime config and the first session refresh (large loader), says
 * so while the API cannot be reached, then applies the routing rules (routing-rules.ts) to the current path
 * before anything renders. The UI follows the signed-in account's language.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const config = useRuntimeConfigState();
  const session = useSession();
  const { pathname } = useLocation();
  useAccountLanguage(session.user);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (config.status === 'failed') return <ErrorPage message={t('errorPage.configFailed')} />;
  if (config.status === 'loading' || session.isPending) return <FullPageLoader />;
  // The API did not answer: who is signed in is not known, so no route is decided (nobody is signed out).
  if (session.unavailable) {
    return <ServiceUnavailablePage onRetry={session.retry} retrying={session.isRefreshing} />;
  }

  const decision = resolveRoute(pathname, session.user);
  if (decision.type === 'redirect') {
    // Just signed in on a page for signed-out users (e.g. back from Google): where the user left to sign in
    // again, if they did (return-after-sign-in.ts), else where the rules say.
    const back = session.user && accessOf(pathname) === 'guest' ? returnAfterSignIn()?.path : undefined;
    return <Navigate to={back ?? decision.to} replace />;
  }
  // The signed-in shell is loaded when first shown (router.tsx): the large loader meanwhile.
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
