import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

/** What a form hook gives one input: its registration (name, ref, handlers) and its shown error. */
type RegisteredInput = Omit<ComponentProps<typeof TextField>, 'label'>;

/**
 * A new password and its confirmation (the password reset, the profile's change): labels, the rules as the hint, and
 * the browser's password-manager hints. The form's hook registers each input; the hint sits under the first.
 */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: RegisteredInput;
  confirm: RegisteredInput;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('forms.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('forms.passwordHint')}
        {...password}
      />
      <TextField
        label={t('forms.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}

/** First and last name (sign-up, the profile's account tab), with the browser's autofill hints. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: RegisteredInput;
  lastName: RegisteredInput;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('forms.firstName')} autoComplete="given-name" {...firstName} />
      <TextField label={t('forms.lastName')} autoComplete="family-name" {...lastName} />
    </>
  );
}
