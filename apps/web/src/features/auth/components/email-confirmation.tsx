import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Loader } from '../../../components/loader/loader';
import { Outcome } from '../../../components/notice/notice';
import { useOnce } from '../../../hooks/use-once';
import { apiErrorMessage, errorReasonOf } from '../../../lib/api-error-message';
import { confirmEmail } from '../api/email-confirmation';
import { AuthFooter } from './auth-footer';
import { ResendConfirmationForm } from './resend-confirmation';
import './auth-forms.css';

/**
 * The page the confirmation e-mail links to: posts the link's token once (it is single-use, so never twice,
 * not even under StrictMode's double effects), then shows the outcome. A link that does not work offers a
 * new one.
 */
export function EmailConfirmation({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const result = useOnce(token ? `email-confirmation:${token}` : null, () => confirmEmail(token ?? ''));

  const backToSignIn = (
    <Link to={paths.signIn} className="btn btn--outline btn--block">
      {t('common.backToSignIn')}
    </Link>
  );

  if (result.status === 'pending') {
    return (
      <div className="auth-waiting">
        <Loader size="medium" label={t('emailConfirmation.confirming')} />
        <p aria-hidden="true">{t('emailConfirmation.confirming')}</p>
      </div>
    );
  }

  if (result.status === 'success') {
    return result.data.status === 'confirmed' ? (
      <Outcome
        tone="success"
        title={t('emailConfirmation.confirmed.title')}
        actions={
          <Link to={paths.signIn} className="btn btn--primary btn--block">
            {t('emailConfirmation.confirmed.signIn')}
          </Link>
        }
      >
        <p>{t('emailConfirmation.confirmed.text')}</p>
      </Outcome>
    ) : (
      <Outcome tone="info" title={t('emailConfirmation.awaitingApproval.title')} actions={backToSignIn}>
        <p>{t('apiErrors.authorization.account_not_active')}</p>
      </Outcome>
    );
  }

  // The link worked before (it works once): the address is confirmed, so sign in.
  if (result.status === 'error' && errorReasonOf(result.error) === 'email_already_confirmed') {
    return (
      <Outcome
        tone="success"
        title={t('emailConfirmation.alreadyConfirmed.title')}
        actions={
          <Link to={paths.signIn} className="btn btn--primary btn--block">
            {t('emailConfirmation.confirmed.signIn')}
          </Link>
        }
      >
        <p>{t('emailConfirmation.alreadyConfirmed.text')}</p>
      </Outcome>
    );
  }

  // No token in the address, or the server turned it down: say so, and offer a new link.
  return (
    <div className="auth-stack">
      <Outcome tone="error" title={t('emailConfirmation.failed.title')} autoFocus={result.status === 'error'}>
        <p>
          {result.status === 'error'
            ? apiErrorMessage(t, result.error)
            : t('emailConfirmation.failed.noToken')}
        </p>
      </Outcome>
      <section className="auth-stack" aria-labelledby="resend-heading">
        <div>
          <h2 id="resend-heading" className="auth-section-title">
            {t('emailConfirmation.failed.resendHeading')}
          </h2>
          <p className="auth-muted">{t('emailConfirmation.failed.resendText')}</p>
        </div>
        <ResendConfirmationForm />
      </section>
      <AuthFooter to={paths.signIn} linkText={t('common.backToSignIn')} />
    </div>
  );
}
