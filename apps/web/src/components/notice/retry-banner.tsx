import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message';
import { Banner } from './notice';

/** A failed load: what failed (when the place does not already say), the API's reason, and a Try again button. */
export function RetryBanner({
  text,
  error,
  onRetry,
}: {
  text?: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Banner
      tone="error"
      action={
        <button type="button" className="btn btn--outline" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      }
    >
      {text ? `${text} ` : ''}
      {apiErrorMessage(t, error)}
    </Banner>
  );
}
