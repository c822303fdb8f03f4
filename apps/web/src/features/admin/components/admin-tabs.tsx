import { useTranslation } from 'react-i18next';
import { LinkTabs } from '../../../components/tabs/link-tabs';

/** The admin panel's tabs, in order; the selected one is `?tab=` of /admin (none: the first). */
export const adminTabs = ['users', 'agents', 'audit'] as const;
export type AdminTab = (typeof adminTabs)[number];

export const isAdminTab = (value: unknown): value is AdminTab =>
  typeof value === 'string' && (adminTabs as readonly string[]).includes(value);

export const adminTabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const ADMIN_PANEL_ID = 'admin-tabpanel';
export const adminTabHref = (tab: AdminTab) => `?tab=${tab}`;

export function AdminTabs({ active }: { active: AdminTab }) {
  const { t } = useTranslation();
  return (
    <LinkTabs
      tabs={adminTabs}
      active={active}
      label={t('admin.tabsLabel')}
      text={(tab) => t(`admin.tabs.${tab}`)}
      href={adminTabHref}
      tabId={adminTabId}
      panelId={ADMIN_PANEL_ID}
    />
  );
}
