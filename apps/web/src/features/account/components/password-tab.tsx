import { changePasswordFormSchema, type ChangePasswordForm, type User } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { NewPasswordFields } from '../../../components/form/field-groups';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useServerForm } from '../../../hooks/use-server-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useChangePassword } from '../api/account';

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Password tab: the change-password form, or a note for an account that signs in only with Google. */
export function PasswordTab({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <section className="profile-section" aria-labelledby="password-heading">
      <h2 id="password-heading" className="profile-section__heading">
        {t('profile.password.heading')}
      </h2>
      {user.hasPassword ? (
        <>
          <p className="profile-section__text">{t('profile.password.text')}</p>
          <ChangePasswordForm />
        </>
      ) : (
        <Banner tone="info">{t('profile.password.googleOnly')}</Banner>
      )}
    </section>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const { register, reset, formState, shown, submitWith } = useServerForm<ChangePasswordForm>({
    schema: changePasswordFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    serverFields: fields,
  });

  const onSubmit = submitWith(async (form) => {
    await changePassword.mutateAsync(form);
    reset();
  });

  const formError = changePassword.isError ? formErrorOutcome(changePassword.error, fields) : null;

  return (
    <form className="profile-form profile-form--narrow" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('forms.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={shown('currentPassword')}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        password={{ error: shown('newPassword'), ...register('newPassword', { deps: 'confirmPassword' }) }}
        confirm={{ error: shown('confirmPassword'), ...register('confirmPassword') }}
      />
      <FormErrorBanner error={formError} />
      <LiveRegion>
        {changePassword.isSuccess && <Banner tone="success">{t('profile.password.changed')}</Banner>}
      </LiveRegion>
      <div className="profile-form__actions">
        <SubmitButton
          className="btn btn--primary"
          busy={formState.isSubmitting}
          label={t('profile.password.submit')}
          busyLabel={t('profile.password.submitting')}
        />
      </div>
    </form>
  );
}
