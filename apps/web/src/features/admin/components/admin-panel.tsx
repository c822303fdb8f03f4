import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/page-frame/page-frame';
import { useWideContent } from '../../../hooks/use-wide-content';
import { ADMIN_PANEL_ID, adminTabId, AdminTabs, isAdminTab, type AdminTab } from './admin-tabs';
import { BloomsTable } from './blooms-table';
import { AuditLog } from './audit-log';
import { UsersTab } from './users-tab';
import './admin-panel.css';

/** /admin: the users, agents and audit-log tabs; the selected tab is ?tab= (none or unknown: users). */
export function AdminPanel() {
  const { t } = useTranslation();
  // Eight columns of users: the shell's wide content area.
  useWideContent();
  const [params] = useSearchParams();
  const tab = params.get('tab');
  const active: AdminTab = isAdminTab(tab) ? tab : 'users';

  return (
    <PageFrame
      heading={t('admin.heading')}
      text={t('admin.text')}
      title={`${t(`admin.tabs.${active}`)} · ${t('titles.admin')}`}
      className="admin-panel"
    >
      <AdminTabs active={active} />
      <div
        id={ADMIN_PANEL_ID}
        role="tabpanel"
        tabIndex={0}
        aria-labelledby={adminTabId(active)}
        className="admin-panel__panel"
      >
        {active === 'users' && <UsersTab />}
        {active === 'agents' && <BloomsTable />}
        {active === 'audit' && <AuditLog />}
      </div>
    </PageFrame>
  );
}
