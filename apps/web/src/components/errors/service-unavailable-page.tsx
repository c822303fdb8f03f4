import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { LanguageSwitcher } from '../language-switcher/language-switcher';
import { Logo } from '../logo/logo';
import './error-page.css';

interface ServiceUnavailablePageProps {
  /** Asks the API again. */
  onRetry: () => void;
  /** A try is on its way. */
  retrying: boolean;
}

/**
 * Shown instead of any screen while the API cannot be reached and the session is unknown
 * (docs/product-rules.md §8, SERVICE_UNAVAILABLE): nobody is signed out by an outage. The page asks again by
 * itself, and on "Try again".
 */
export function ServiceUnavailablePage({ onRetry, retrying }: ServiceUnavailablePageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('serviceUnavailable.title'));
  return (
    <main className="error-page">
      <Logo className="error-page__logo" />
      <section className="error-page__card card" aria-labelledby="service-unavailable-title">
        <h1 id="service-unavailable-title" className="error-page__title">
          {t('serviceUnavailable.title')}
        </h1>
        <div role="alert">
          <p className="error-page__message">{t('serviceUnavailable.text')}</p>
        </div>
        <p className="error-page__message">{t('serviceUnavailable.autoRetry')}</p>
        <button type="button" className="btn btn--primary" aria-busy={retrying} onClick={onRetry}>
          {retrying ? t('serviceUnavailable.retrying') : t('common.tryAgain')}
        </button>
      </section>
      <LanguageSwitcher />
    </main>
  );
}
