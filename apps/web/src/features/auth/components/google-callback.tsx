import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { Loader } from '../../../components/loader/loader';
import { Outcome } from '../../../components/notice/notice';
import { useOnce } from '../../../hooks/use-once';
import { apiErrorKey, errorCodeOf, errorReasonOf } from '../../../lib/api-error-message';
import { returnAfterSignIn } from '../../../lib/return-after-sign-in';
import { useRuntimeConfigState } from '../../../lib/runtime-config';
import { finishGoogleSignIn } from '../api/google-sign-in';
import './auth-forms.css';

/** What Google sent back in the address, checked before anything is posted. */
function callbackParams(params: URLSearchParams) {
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss');
  const providerError = params.get('error');
  if (providerError !== null)
    return { kind: 'provider-error' as const, cancelled: providerError === 'access_denied' };
  if (!code || !state) return { kind: 'incomplete' as const };
  return { kind: 'ready' as const, request: { code, state, ...(iss ? { iss } : {}) } };
}

/**
 * Where Google sends the browser back to (/auth/sso/google). Posts the code once; the returned user becomes
 * the session inside that single run, so the sign-in completes even though this auth route is left (the
 * routing rules send a signed-in user on to new chat) before the component hears back.
 */
export function GoogleCallback() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const config = useRuntimeConfigState();
  // This server has Google sign-in off: nothing to finish, whatever the address holds.
  const googleOff = config.status === 'ready' && !config.config.googleSignIn;
  const params = callbackParams(searchParams);
  const request = params.kind === 'ready' && !googleOff ? params.request : null;
  const result = useOnce(request ? `google-callback:${request.code}` : null, () =>
    finishGoogleSignIn(queryClient, request ?? { code: '', state: '' }),
  );

  useEffect(() => {
    // Back where the user left to sign in again (e.g. /settings to delete the account), else new chat.
    if (result.status === 'success')
      void navigate(returnAfterSignIn()?.path ?? paths.newChat, { replace: true });
  }, [result.status, navigate]);

  if (result.status === 'pending' || result.status === 'success') {
    return (
      <div className="auth-waiting">
        <Loader size="medium" label={t('googleSso.finishing')} />
        <p aria-hidden="true">{t('googleSso.finishing')}</p>
      </div>
    );
  }

  const error = result.status === 'error' ? result.error : undefined;
  const code = errorCodeOf(error);
  const backToSignIn = (
    <Link to={paths.signIn} className="btn btn--primary btn--block">
      {code === 'authorization.account_already_registered_with_email'
        ? t('googleSso.signInWithPassword')
        : t('common.backToSignIn')}
    </Link>
  );

  if (googleOff || errorReasonOf(error) === 'sso_not_configured') {
    return (
      <Outcome tone="info" title={t('googleSso.off.title')} actions={backToSignIn}>
        <p>{t('googleSso.off.text')}</p>
      </Outcome>
    );
  }
  if (params.kind === 'provider-error' && params.cancelled) {
    return (
      <Outcome tone="info" title={t('googleSso.cancelled.title')} actions={backToSignIn}>
        <p>{t('googleSso.cancelled.text')}</p>
      </Outcome>
    );
  }
  if (code === 'authorization.account_not_active') {
    return (
      <Outcome tone="info" title={t('googleSso.notActiveTitle')} actions={backToSignIn}>
        <p>{t(apiErrorKey(code))}</p>
      </Outcome>
    );
  }
  const messageKey =
    result.status === 'error' ? apiErrorKey(code) : 'apiErrors.authorization.sso_invalid_code';
  return (
    <Outcome tone="error" title={t('googleSso.failedTitle')} actions={backToSignIn}>
      <p>{t(messageKey)}</p>
    </Outcome>
  );
}
