import { signUpFormSchema, type SignUpForm as SignUpValues } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { NameFields } from '../../../components/form/field-groups';
import { currentLanguage } from '../../../lib/i18n';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useSignUp } from '../api/sign-up';
import { AuthFooter } from './auth-footer';
import { EmailField } from './email-field';
import './auth-forms.css';

const fields = ['email', 'password', 'firstName', 'lastName'] as const;

/**
 * The sign-up form: email, password (its rules shown as a hint), first and last name. On success the
 * screen switches to "check your inbox" through onSent; server errors for a field go onto it, others into
 * the alert region above the button.
 */
export function SignUpForm({ onSent }: { onSent: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const signUp = useSignUp();
  const { register, isSubmitting, shown, submitWith } = useSchemaForm<SignUpValues>({
    schema: signUpFormSchema,
    defaultValues: { email: '', password: '', firstName: '', lastName: '' },
    serverFields: fields,
  });

  const onSubmit = submitWith(async (form) => {
    const language = currentLanguage(i18n);
    const { email } = await signUp.mutateAsync({ form, language });
    onSent(email);
  });

  const formError = signUp.isError ? formErrorOutcome(signUp.error, fields) : null;

  return (
    <div className="auth-stack">
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <EmailField error={shown('email')} {...register('email')} />
        <TextField
          label={t('forms.password')}
          type="password"
          autoComplete="new-password"
          hint={t('forms.passwordHint')}
          error={shown('password')}
          {...register('password')}
        />
        <NameFields
          firstName={{ error: shown('firstName'), ...register('firstName') }}
          lastName={{ error: shown('lastName'), ...register('lastName') }}
        />
        <FormErrorBanner error={formError} />
        <SubmitButton
          className="btn btn--primary btn--block"
          busy={isSubmitting}
          label={t('signUp.submit')}
          busyLabel={t('signUp.submitting')}
        />
      </form>
      <AuthFooter prompt={t('signUp.haveAccount')} to={paths.signIn} linkText={t('signUp.signIn')} />
    </div>
  );
}
