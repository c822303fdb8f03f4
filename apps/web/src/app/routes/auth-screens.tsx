import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Outcome } from '../../components/notice/notice';
import { PageFrame } from '../../components/page-frame/page-frame';
import { EmailConfirmation } from '../../features/auth/components/email-confirmation';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { GoogleCallback } from '../../features/auth/components/google-callback';
import { ResendConfirmationButton } from '../../features/auth/components/resend-confirmation';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { paths } from '../../lib/paths';

export function SignInScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame heading={t('signIn.heading')} text={t('signIn.text')} title={t('titles.signIn')}>
      <SignInForm />
    </PageFrame>
  );
}

/** Sign-up, then "check your inbox" with a way to have the link sent again. */
export function SignUpScreen() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo !== null) {
    return (
      <PageFrame heading={t('signUp.sent.heading')} title={t('titles.signUp')}>
        <div className="auth-stack">
          <Outcome tone="mail">
            <p>{t('signUp.sent.text', { email: sentTo })}</p>
            <p>{t('signUp.sent.detail')}</p>
          </Outcome>
          <div className="auth-stack">
            <p className="auth-muted">{t('signUp.sent.noEmail')}</p>
            <ResendConfirmationButton email={sentTo} label={t('signUp.sent.resend')} />
          </div>
          <Link to={paths.signIn} className="btn btn--primary btn--block">
            {t('signUp.sent.signIn')}
          </Link>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame heading={t('signUp.heading')} text={t('signUp.text')} title={t('titles.signUp')}>
      <SignUpForm onSent={setSentTo} />
    </PageFrame>
  );
}

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame
      heading={t('forgotPassword.heading')}
      text={t('forgotPassword.text')}
      title={t('titles.forgotPassword')}
    >
      <ForgotPasswordForm />
    </PageFrame>
  );
}

/** /auth/password-reset?token=…: the new-password form, or a way to a new link when the token is missing. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  if (!token) {
    return (
      <PageFrame heading={t('resetPassword.heading')} title={t('titles.resetPassword')}>
        <Outcome
          tone="error"
          title={t('resetPassword.noToken.title')}
          autoFocus={false}
          actions={
            <>
              <Link to={paths.forgotPassword} className="btn btn--primary btn--block">
                {t('resetPassword.requestNewLink')}
              </Link>
              <Link to={paths.signIn} className="btn btn--outline btn--block">
                {t('common.backToSignIn')}
              </Link>
            </>
          }
        >
          <p>{t('resetPassword.noToken.text')}</p>
        </Outcome>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      heading={t('resetPassword.heading')}
      text={t('resetPassword.text')}
      title={t('titles.resetPassword')}
    >
      <ResetPasswordForm token={token} />
    </PageFrame>
  );
}

export function EmailConfirmationScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <PageFrame heading={t('emailConfirmation.heading')} title={t('titles.emailConfirmation')}>
      <EmailConfirmation token={searchParams.get('token')} />
    </PageFrame>
  );
}

export function GoogleSsoScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame heading={t('googleSso.heading')} title={t('titles.googleSso')}>
      <GoogleCallback />
    </PageFrame>
  );
}
