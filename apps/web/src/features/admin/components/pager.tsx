import { PAGE_SIZE } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import './pager.css';

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

interface PagerProps {
  page: number;
  total: number;
  onPage: (page: number) => void;
  /** What the pages are of, for the navigation's name ("Pages of users"). */
  label: string;
}

/** Previous / "Page X of Y" / Next under a table of pages of 10; nothing when everything fits on one. */
export function Pager({ page, total, onPage, label }: PagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(total);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn--outline pager__button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin.pager.previous')}
      </button>
      <p className="pager__status" aria-live="polite">
        {t('admin.pager.status', { page, pages })}
      </p>
      <button
        type="button"
        className="btn btn--outline pager__button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('admin.pager.next')}
      </button>
    </nav>
  );
}
