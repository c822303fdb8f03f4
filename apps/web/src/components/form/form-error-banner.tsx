import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrorOutcome } from '../../lib/form-errors';
import { Banner, LiveRegion } from '../notice/notice';

interface FormErrorBannerProps {
  /** Where a failed call's message went; shown here only when it belongs to the form, not to a field. */
  error: FormErrorOutcome<string> | null;
  /** A control under the message, e.g. a link to request a new reset link. */
  action?: ReactNode;
}

/** The form's assertive alert region, with the error banner of a failed call that no field took. */
export function FormErrorBanner({ error, action }: FormErrorBannerProps) {
  const { t } = useTranslation();
  return (
    <LiveRegion assertive>
      {error?.kind === 'form' && (
        <Banner tone="error" action={action}>
          {t(error.messageKey)}
        </Banner>
      )}
    </LiveRegion>
  );
}
