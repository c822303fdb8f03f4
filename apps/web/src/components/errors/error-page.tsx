import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Logo } from '../logo/logo';
import './error-page.css';

/**
 * The generic error page (docs/product-rules.md §2): the message and a Go Back button. Going back loads the
 * root afresh, which is also the reset: whatever state broke is gone after the reload.
 */
export function ErrorPage({ message }: { message?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.error'));
  return (
    <main className="error-page">
      <Logo className="error-page__logo" />
      <section className="error-page__card card" aria-labelledby="error-page-title">
        <h1 id="error-page-title" className="error-page__title">
          {t('errorPage.title')}
        </h1>
        <p className="error-page__message" role="alert">
          {message || t('errorPage.unknown')}
        </p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.assign('/')}>
          {t('errorPage.goBack')}
        </button>
      </section>
    </main>
  );
}
