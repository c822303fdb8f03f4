import { setNewPasswordFormSchema, type SetNewPasswordForm } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { NewPasswordFields } from '../../../components/form/field-groups';
import { Outcome } from '../../../components/notice/notice';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useSetNewPassword } from '../api/password-reset';
import './auth-forms.css';

const fields = ['password', 'confirmPassword'] as const;

const INVALID_TOKEN = 'authorization.invalid_or_expired_password_reset_token';

/** The new password for the token of a reset link (kept in a hidden field). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const setNewPassword = useSetNewPassword();
  const { register, isSubmitting, shown, submitWith } = useSchemaForm<SetNewPasswordForm>({
    schema: setNewPasswordFormSchema,
    defaultValues: { password: '', confirmPassword: '', token },
    serverFields: fields,
  });

  const onSubmit = submitWith(async (form) => {
    await setNewPassword.mutateAsync(form);
  });

  if (setNewPassword.isSuccess) {
    return (
      <Outcome
        tone="success"
        title={t('resetPassword.done.title')}
        actions={
          <Link to={paths.signIn} className="btn btn--primary btn--block">
            {t('resetPassword.done.signIn')}
          </Link>
        }
      >
        <p>{t('resetPassword.done.text')}</p>
      </Outcome>
    );
  }

  const formError = setNewPassword.isError ? formErrorOutcome(setNewPassword.error, fields) : null;

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <input type="hidden" {...register('token')} />
      <NewPasswordFields
        password={{ error: shown('password'), ...register('password', { deps: 'confirmPassword' }) }}
        confirm={{ error: shown('confirmPassword'), ...register('confirmPassword') }}
      />
      <FormErrorBanner
        error={formError}
        action={
          formError?.kind === 'form' && formError.code === INVALID_TOKEN ? (
            <Link to={paths.forgotPassword} className="text-link">
              {t('resetPassword.requestNewLink')}
            </Link>
          ) : undefined
        }
      />
      <SubmitButton
        className="btn btn--primary btn--block"
        busy={isSubmitting}
        label={t('resetPassword.submit')}
        busyLabel={t('resetPassword.submitting')}
      />
    </form>
  );
}
