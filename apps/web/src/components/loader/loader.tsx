import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../logo/logo-mark';
import './loader.css';

export type LoaderSize = 'small' | 'medium' | 'large';

interface LoaderProps {
  size?: LoaderSize;
  /** Spoken to screen readers; defaults to "Loading…". */
  label?: string;
  className?: string;
}

/** The loading indicator: the spinning logo mark, in three sizes (docs/product-rules.md §2). */
export function Loader({ size = 'medium', label, className }: LoaderProps) {
  const { t } = useTranslation();
  return (
    <span role="status" aria-busy="true" className={clsx('loader', `loader--${size}`, className)}>
      <LogoMark className="logo-mark loader__mark" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** Fills the viewport with the large loader, e.g. while the session is refreshed at startup. */
export function FullPageLoader() {
  return (
    <div className="loader-page">
      <Loader size="large" />
    </div>
  );
}
