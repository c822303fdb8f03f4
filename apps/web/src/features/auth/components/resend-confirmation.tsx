import { requestResetFormSchema, type RequestResetForm } from '@greenhouse/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useResendConfirmation } from '../api/email-confirmation';
import { EmailField } from './email-field';
import './auth-forms.css';

interface ResendConfirmationButtonProps {
  /** The address to send the link to. */
  email: string;
  /** The button's text; "Send the confirmation e-mail again" by default. */
  label?: string;
  className?: string;
}

/** Sends the confirmation e-mail again to a known address and says how that went. */
export function ResendConfirmationButton({ email, label, className }: ResendConfirmationButtonProps) {
  const { t } = useTranslation();
  const resend = useResendConfirmation();
  return (
    <div className={clsx('resend', className)}>
      <button
        type="button"
        className="btn btn--outline"
        disabled={resend.isPending}
        aria-busy={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        {resend.isPending ? t('resendConfirmation.sending') : (label ?? t('resendConfirmation.action'))}
      </button>
      <LiveRegion>
        {resend.isSuccess && <p className="resend__result">{t('resendConfirmation.sent', { email })}</p>}
      </LiveRegion>
      <LiveRegion assertive>
        {resend.isError && (
          <p className="resend__result resend__result--error" role="alert">
            {apiErrorMessage(t, resend.error)}
          </p>
        )}
      </LiveRegion>
    </div>
  );
}

/** Asks for an address and sends a new confirmation link to it (after a link that did not work). */
export function ResendConfirmationForm() {
  const { t } = useTranslation();
  const resend = useResendConfirmation();
  const { register, isSubmitting, shown, submitWith } = useSchemaForm<RequestResetForm>({
    schema: requestResetFormSchema,
    defaultValues: { email: '' },
    serverFields: ['email'] as const,
  });

  const onSubmit = submitWith(async ({ email }) => {
    await resend.mutateAsync(email);
  });

  const formError = resend.isError ? formErrorOutcome(resend.error, ['email'] as const) : null;

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <EmailField error={shown('email')} {...register('email')} />
      <FormErrorBanner error={formError} />
      <LiveRegion>
        {resend.isSuccess && (
          <Banner tone="success">{t('resendConfirmation.sent', { email: resend.data.email })}</Banner>
        )}
      </LiveRegion>
      <SubmitButton
        className="btn btn--primary btn--block"
        busy={isSubmitting}
        label={t('resendConfirmation.newLink')}
        busyLabel={t('resendConfirmation.sending')}
      />
    </form>
  );
}
