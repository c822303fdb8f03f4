import { changePasswordFormSchema, type ChangePasswordForm, type User } from '@greenhouse/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { formErrorOutcome, submitShowingFieldErrors, visibleFieldError } from '../../../lib/form-errors';
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
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'all',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const shown = (name: (typeof fields)[number]) =>
    visibleFieldError(t, errors[name], touchedFields[name], isSubmitted);

  const onSubmit = handleSubmit((form) =>
    submitShowingFieldErrors(
      async () => {
        await changePassword.mutateAsync(form);
        reset();
      },
      fields,
      setError,
    ),
  );

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
      <TextField
        label={t('forms.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('forms.passwordHint')}
        error={shown('newPassword')}
        {...register('newPassword', { deps: 'confirmPassword' })}
      />
      <TextField
        label={t('forms.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={shown('confirmPassword')}
        {...register('confirmPassword')}
      />
      <FormErrorBanner error={formError} />
      <LiveRegion>
        {changePassword.isSuccess && <Banner tone="success">{t('profile.password.changed')}</Banner>}
      </LiveRegion>
      <div className="profile-form__actions">
        <SubmitButton
          className="btn btn--primary"
          busy={isSubmitting}
          label={t('profile.password.submit')}
          busyLabel={t('profile.password.submitting')}
        />
      </div>
    </form>
  );
}
