import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher/language-switcher';
import { Logo } from '../../components/logo/logo';
import { useMediaQuery } from '../../hooks/use-media-query';
import { paths } from '../../lib/paths';
import { BloomShowcase } from './bloom-showcase';
import './auth-layout.css';

/** Wide enough for the second column with the bloom video. */
const WIDE_QUERY = '(min-width: 1024px)';

/** Two columns: the form with the logo on the left, the bloom panel on the right on wide screens. */
export function AuthLayout() {
  const { t } = useTranslation();
  // Rendered only when shown, so narrow screens never download the video.
  const wide = useMediaQuery(WIDE_QUERY);
  return (
    <div className="auth-shell">
      <div className="auth-shell__form-column">
        <header className="auth-shell__header">
          <Link to={paths.root} className="auth-shell__home" aria-label={t('common.home')}>
            <Logo />
          </Link>
          <LanguageSwitcher />
        </header>
        <main className="auth-shell__main">
          <div className="auth-shell__content">
            <Outlet />
          </div>
        </main>
      </div>
      {wide && <BloomShowcase />}
    </div>
  );
}
