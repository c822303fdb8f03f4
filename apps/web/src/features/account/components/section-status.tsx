import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/notice/notice';
import { Spinner } from '../../../components/spinner/spinner';
import { apiErrorMessage } from '../../../lib/api-error-message';
import './section-status.css';

/** A settings list on its way: a small spinner and what is loading, announced politely. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <p className="section-loading" role="status">
      <Spinner dark />
      {label}
    </p>
  );
}

/** A settings list that could not be loaded: why, and a way to ask again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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
      {apiErrorMessage(t, error)}
    </Banner>
  );
}
