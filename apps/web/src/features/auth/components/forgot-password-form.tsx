import { requestResetFormSchema, type RequestResetForm } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { Outcome } from '../../../components/notice/notice';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthFooter } from './auth-footer';
import { EmailField } from './email-field';
import './auth-forms.css';

const fields = ['email'] as const;

/**
 * Asks for the account's address and requests a reset link. The answer is the same for every address, so
 * the result says "if an account exists".
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const { register, isSubmitting, shown, submitWith } = useSchemaForm<RequestResetForm>({
    schema: requestResetFormSchema,
    defaultValues: { email: '' },
    serverFields: fields,
  });

  const onSubmit = submitWith(({ email }) => request.mutateAsync(email));

  if (request.isSuccess) {
    return (
      <Outcome
        tone="mail"
        title={t('forgotPassword.sent.title')}
        actions={
          <Link to={paths.signIn} className="btn btn--outline btn--block">
            {t('common.backToSignIn')}
          </Link>
        }
      >
        <p>{t('forgotPassword.sent.text', { email: request.data.email })}</p>
        <p>{t('forgotPassword.sent.detail')}</p>
      </Outcome>
    );
  }

  const formError = request.isError ? formErrorOutcome(request.error, fields) : null;

  return (
    <div className="auth-stack">
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <EmailField error={shown('email')} {...register('email')} />
        <FormErrorBanner error={formError} />
        <SubmitButton
          className="btn btn--primary btn--block"
          busy={isSubmitting}
          label={t('forgotPassword.submit')}
          busyLabel={t('forgotPassword.submitting')}
        />
      </form>
      <AuthFooter prompt={t('forgotPassword.remembered')} to={paths.signIn} linkText={t('signUp.signIn')} />
    </div>
  );
}
