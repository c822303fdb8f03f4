import { signInFormSchema, type SignInForm as SignInValues } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { apiErrorKey, errorCodeOf } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { SERVER_ERROR_TYPE } from '../../../lib/form-errors';
import { useRuntimeConfigState } from '../../../lib/runtime-config';
import { useSignIn } from '../api/sign-in';
import { signInErrorOutcome } from '../sign-in-error';
import { AuthFooter } from './auth-footer';
import { GoogleSignInButton } from './google-sign-in-button';
import { ResendConfirmationButton } from './resend-confirmation';
import { EmailField } from './email-field';
import './sign-in-form.css';

/**
 * A message above the form, kept as its i18n key so it follows a language switch; `resendTo` offers to send
 * the confirmation e-mail again to that address.
 */
type Notice = { tone: 'info' | 'error'; messageKey: string; resendTo?: string } | null;

/** The sign-in screen's content below its heading (docs/product-rules.md §2). */
export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [notice, setNotice] = useState<Notice>(null);
  // The Google button only shows where the server has Google sign-in configured.
  const config = useRuntimeConfigState();
  const googleSignIn = config.status === 'ready' && config.config.googleSignIn;
  // Its own submit below: sign-in's failures go to notices as well as to fields (signInErrorOutcome). The form
  // is valid or not from the start (docs/product-rules.md §2: it validates on mount); its errors stay hidden
  // until a field is touched.
  const { register, handleSubmit, setError, isSubmitting, shown } = useSchemaForm<SignInValues>({
    schema: signInFormSchema,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await signIn.mutateAsync(values);
      await navigate(paths.newChat, { replace: true });
    } catch (error) {
      const outcome = signInErrorOutcome(error);
      if (outcome.kind === 'info') setNotice({ tone: 'info', messageKey: outcome.messageKey });
      else if (outcome.kind === 'unconfirmed') {
        setNotice({ tone: 'info', messageKey: outcome.messageKey, resendTo: values.email });
      } else
        setError(
          outcome.field,
          { type: SERVER_ERROR_TYPE, message: outcome.messageKey },
          { shouldFocus: true },
        );
    }
  });

  return (
    <div className="sign-in">
      {googleSignIn && (
        <>
          <GoogleSignInButton
            onError={(error) => setNotice({ tone: 'error', messageKey: apiErrorKey(errorCodeOf(error)) })}
          />
          <div className="sign-in__divider">
            <span>{t('signIn.divider')}</span>
          </div>
        </>
      )}

      <LiveRegion>
        {notice && (
          <Banner
            tone={notice.tone}
            action={notice.resendTo ? <ResendConfirmationButton email={notice.resendTo} /> : undefined}
          >
            {t(notice.messageKey)}
          </Banner>
        )}
      </LiveRegion>

      <form className="sign-in__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <EmailField error={shown('email')} {...register('email')} />
        <TextField
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          placeholder={t('signIn.passwordPlaceholder')}
          error={shown('password')}
          {...register('password')}
        />
        <SubmitButton
          className="btn btn--primary btn--block"
          busy={isSubmitting}
          label={t('signIn.submit')}
          busyLabel={t('signIn.submitting')}
        />
        {/* After the submit button, in reading and tab order alike: Email, Tab, password, Tab, Enter signs in. */}
        <p className="sign-in__forgot">
          <Link to={paths.forgotPassword} className="text-link">
            {t('signIn.forgotPassword')}
          </Link>
        </p>
      </form>

      <AuthFooter
        className="sign-in__sign-up"
        prompt={t('signIn.noAccount')}
        to={paths.signUp}
        linkText={t('signIn.signUp')}
      />
    </div>
  );
}
