import type { User } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, type MenuItem } from '../../components/menu/menu';
import { useBillingPortalUrl } from '../../features/account/api/billing-portal';
import { useSignOut } from '../../features/auth/api/sign-out';
import { paths } from '../../lib/paths';

export const avatarInitial = (user: Pick<User, 'firstName' | 'email'>): string =>
  (user.firstName.trim().charAt(0) || user.email.charAt(0)).toUpperCase();

/**
 * The avatar's dropdown on wide screens (docs/product-rules.md §2 Top bar): full name, email, Profile,
 * Settings (ours: the spec has a settings route but shows no way to it), Purchase history (only when the
 * billing portal returned an address; opens in a new tab) and Log out.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const billingPortal = useBillingPortalUrl(open);
  const signOut = useSignOut();
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  const items: MenuItem[] = [
    { key: 'profile', label: t('topBar.profile'), to: paths.profile },
    { key: 'settings', label: t('topBar.settings'), to: paths.settings },
    ...(billingPortal.data
      ? [
          {
            key: 'purchases',
            label: t('topBar.purchaseHistory'),
            href: billingPortal.data,
            newTab: true as const,
            srHint: t('common.opensInNewTab'),
          },
        ]
      : []),
    { key: 'log-out', label: t('topBar.logOut'), onSelect: () => signOut.mutate() },
  ];

  return (
    <Menu
      label={t('topBar.userMenu', { name: fullName || user.email })}
      trigger={<span aria-hidden="true">{avatarInitial(user)}</span>}
      triggerClassName="avatar"
      onOpenChange={setOpen}
      header={
        <>
          <span className="user-menu__name">{fullName}</span>
          <span className="user-menu__email">{user.email}</span>
        </>
      }
      items={items}
    />
  );
}
