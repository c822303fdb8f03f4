import type { User } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SidebarIcon } from '../../components/icons';
import { Logo } from '../../components/logo/logo';
import { paths } from '../../lib/paths';
import { avatarInitial, UserMenu } from './user-menu';

interface TopBarProps {
  user: User;
  narrow: boolean;
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** Sidebar toggle, logo link home, and the avatar (a menu on wide screens, the profile link on narrow). */
export function TopBar({ user, narrow, sidebarId, sidebarOpen, onToggleSidebar }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="top-bar">
      <button
        id={`${sidebarId}-toggle`}
        type="button"
        className="icon-btn"
        aria-label={t('sidebar.toggle')}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
      >
        <SidebarIcon width={22} height={22} />
      </button>
      <Link to={paths.root} className="top-bar__home" aria-label={t('common.home')}>
        <Logo />
      </Link>
      <div className="top-bar__end">
        {narrow ? (
          <Link to={paths.profile} className="avatar" aria-label={t('topBar.profile')}>
            <span aria-hidden="true">{avatarInitial(user)}</span>
          </Link>
        ) : (
          <UserMenu user={user} />
        )}
      </div>
    </header>
  );
}
