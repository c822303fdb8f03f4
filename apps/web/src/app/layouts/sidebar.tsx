import type { User } from '@greenhouse/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { focusableIn, trapTab } from '../../components/focusable';
import { CloseIcon, EngineIcon, LogOutIcon, ShieldIcon } from '../../components/icons';
import { useSignOut } from '../../features/auth/api/sign-out';
import { BloomsSection } from '../../features/blooms/components/blooms-section';
import { ChatsSection } from '../../features/chats/components/chats-section';
import { paths } from '../../lib/paths';
import './sidebar.css';

interface SidebarProps {
  id: string;
  user: User;
  open: boolean;
  /** Narrow screens: the sidebar lies over the page, holds focus and closes on Escape. */
  overlay: boolean;
  onClose: () => void;
}

/** Dashboard navigation: chats, agents and the bottom links (docs/product-rules.md §2 Sidebar). */
export function Sidebar({ id, user, open, overlay, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!overlay || !open) return;
    // Focus moves into the overlay; Escape anywhere closes it.
    if (ref.current) focusableIn(ref.current)[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, open, onClose]);

  return (
    <nav
      ref={ref}
      id={id}
      className={overlay ? 'sidebar sidebar--overlay surface-light' : 'sidebar surface-light'}
      aria-label={t('sidebar.label')}
      hidden={!open}
      onKeyDown={(event) => {
        if (overlay && ref.current) trapTab(event, ref.current);
      }}
    >
      <div className="sidebar__head">
        <h2 className="sidebar__title">{t('sidebar.dashboard')}</h2>
        {overlay && (
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('sidebar.close')}>
            <CloseIcon />
          </button>
        )}
      </div>

      <div className="sidebar__sections">
        <ChatsSection user={user} />
        <BloomsSection />
      </div>

      <ul className="sidebar__footer">
        <li>
          <NavLink to={paths.flora} className="sidebar__link">
            <EngineIcon />
            {t('sidebar.inferenceEngine')}
          </NavLink>
        </li>
        {user.role.name === 'admin' && (
          <li>
            <NavLink to={paths.admin} className="sidebar__link">
              <ShieldIcon />
              {t('sidebar.adminPanel')}
            </NavLink>
          </li>
        )}
        <li>
          <button
            type="button"
            className="sidebar__link"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            <LogOutIcon />
            {t('sidebar.logOut')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
