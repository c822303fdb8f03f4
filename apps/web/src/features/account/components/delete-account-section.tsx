import type { User } from '@greenhouse/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetReturnAfterSignIn, returnAfterSignIn } from '../../../lib/return-after-sign-in';
import { DeleteAccountDialog, DELETE_ACCOUNT_INTENT } from './delete-account-dialog';

/**
 * The danger zone: Delete my account opens a dialog that asks for the password, or, for an account without
 * one, for a fresh Google sign-in. Coming back from that sign-in (see return-after-sign-in.ts), the dialog
 * opens by itself.
 */
export function DeleteAccountSection({ user, googleSignIn }: { user: User; googleSignIn: boolean }) {
  const { t } = useTranslation();
  // Read once, during the first render (reading only); the marker is dropped after mount.
  const [cameBack] = useState(() => returnAfterSignIn()?.intent === DELETE_ACCOUNT_INTENT);
  const [open, setOpen] = useState(cameBack);

  useEffect(() => {
    if (cameBack) forgetReturnAfterSignIn();
  }, [cameBack]);

  return (
    <section className="profile-section danger-zone" aria-labelledby="settings-delete-heading">
      <h2 id="settings-delete-heading" className="profile-section__heading">
        {t('settings.delete.heading')}
      </h2>
      <p className="profile-section__text">{t('settings.delete.text')}</p>
      <div>
        <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
          {t('settings.delete.button')}
        </button>
      </div>
      {open && (
        <DeleteAccountDialog
          user={user}
          googleSignIn={googleSignIn}
          cameBackFromGoogle={cameBack && !user.hasPassword}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}
