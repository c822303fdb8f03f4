import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PlusIcon } from '../icons';
import './sidebar-section.css';

export interface SidebarSectionProps {
  /** Header text, e.g. CREATE or AGENTS. */
  title: string;
  /** Total count from the list response; undefined while unknown. */
  total: number | undefined;
  newLink: { to: string; label: string; aside?: ReactNode };
  /** Shown under the new-item link (e.g. the prompt renewal time). */
  note?: string | null;
  children: ReactNode;
}

/** One list section of the sidebar: header with total, a "new" link and the list. */
export function SidebarSection({ title, total, newLink, note, children }: SidebarSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="side-section" aria-labelledby={headingId}>
      <div className="side-section__header">
        <h3 id={headingId} className="side-section__title">
          {title}
        </h3>
        {total !== undefined && (
          <span className="side-section__total">
            <span aria-hidden="true">{total}</span>
            <span className="visually-hidden">{t('sidebar.total', { count: total })}</span>
          </span>
        )}
      </div>
      <NavLink to={newLink.to} end className="side-new-link">
        <PlusIcon width={18} height={18} />
        <span className="side-new-link__label">{newLink.label}</span>
        {newLink.aside && <span className="side-new-link__aside">{newLink.aside}</span>}
      </NavLink>
      {note && <p className="side-section__note">{note}</p>}
      {children}
    </section>
  );
}
