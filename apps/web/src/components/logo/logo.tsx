import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo-mark';
import './logo.css';

/** Mark and wordmark. The wordmark is real text, so it also names the logo for screen readers. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={className ? `logo ${className}` : 'logo'}>
      <LogoMark />
      <span className="logo__word">{t('common.appName')}</span>
    </span>
  );
}
