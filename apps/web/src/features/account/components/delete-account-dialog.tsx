import type { User } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { Dialog } from '../../../components/dialog/dialog';
import { TextField } from '../../../components/form/text-field';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { Spinner } from '../../../components/spinner/spinner';
import { useToast } from '../../../components/toast/toast-context';
import { useServerForm } from '../../../hooks/use-server-form';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { SERVER_ERROR_TYPE } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { startGoogleSignInAgain, useDeleteOwnAccount } from '../api/account';
import { deleteAccountErrorPlace } from '../delete-account-error';
import './delete-account-dialog.css';

/** What the Google sign-in started here is for, so that coming back reopens this dialog. */
export const DELETE_ACCOUNT_INTENT = 'delete-account';

const withPassword = z.object({
  password: z.string().check(z.minLength(1, { error: 'settings.delete.passwordRequired' })),
});
const withoutPassword = z.object({ password: z.string() });
type DeleteAccountForm = z.infer<typeof withPassword>;

interface DeleteAccountDialogProps {
  user: User;
  /** Google sign-in is on (runtime config): the way a Google-only account confirms it is its owner. */
  googleSignIn: boolean;
  /** The user has just signed in with Google again to delete the account. */
  cameBackFromGoogle: boolean;
  onClose: () => void;
}

/**
 * POST /account/delete. An account with a password confirms with it (a wrong one is shown on the field);
 * one without signs in with Google again first, then has 5 minutes. On success the session is over: the
 * user goes to sign-in, which says the account was deleted.
 */
export function DeleteAccountDialog({
  user,
  googleSignIn,
  cameBackFromGoogle,
  onClose,
}: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const deleteAccount = useDeleteOwnAccount();
  const [formErrorKey, setFormErrorKey] = useState<string | null>(null);
  const { register, setError, formState, shown, submitWith } = useServerForm<DeleteAccountForm>({
    schema: user.hasPassword ? withPassword : withoutPassword,
    defaultValues: { password: '' },
  });

  const onSubmit = submitWith(async ({ password }) => {
    setFormErrorKey(null);
    try {
      await deleteAccount.mutateAsync(user.hasPassword ? { password } : {});
    } catch (error) {
      const place = deleteAccountErrorPlace(error, user.hasPassword);
      if (place.kind === 'password') {
        setError('password', { type: SERVER_ERROR_TYPE, message: place.messageKey }, { shouldFocus: true });
      } else {
        setFormErrorKey(place.messageKey);
      }
      return;
    }
    notify(t('settings.delete.deleted'));
    void navigate(paths.signIn, { replace: true });
  });

  const busy = formState.isSubmitting;

  return (
    <Dialog title={t('settings.delete.dialogTitle')} onClose={onClose}>
      <form className="delete-account" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="dialog__body">
          <p>{t('settings.delete.dialogMessage', { email: user.email })}</p>
          {user.hasPassword ? (
            <TextField
              label={t('settings.delete.password')}
              hint={t('settings.delete.passwordHint')}
              type="password"
              autoComplete="current-password"
              data-autofocus
              error={shown('password')}
              {...register('password')}
            />
          ) : (
            <GoogleReauthentication googleSignIn={googleSignIn} cameBack={cameBackFromGoogle} />
          )}
          <LiveRegion assertive>{formErrorKey && <Banner tone="error">{t(formErrorKey)}</Banner>}</LiveRegion>
        </div>
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn--outline"
            onClick={onClose}
            {...(user.hasPassword ? {} : { 'data-autofocus': true })}
          >
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" disabled={busy} aria-busy={busy}>
            {busy ? t('settings.delete.deleting') : t('settings.delete.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** For an account without a password: what to do, and the button that starts a fresh Google sign-in. */
function GoogleReauthentication({ googleSignIn, cameBack }: { googleSignIn: boolean; cameBack: boolean }) {
  const { t } = useTranslation();
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const start = async () => {
    setConnecting(true);
    setError(null);
    try {
      await startGoogleSignInAgain({ path: paths.settings, intent: DELETE_ACCOUNT_INTENT });
    } catch (failure) {
      setConnecting(false);
      setError(failure);
    }
  };

  if (cameBack) return <Banner tone="success">{t('settings.delete.googleBack')}</Banner>;
  return (
    <div className="delete-account__google">
      <Banner tone="info">
        {googleSignIn ? t('settings.delete.googleText') : t('settings.delete.googleOff')}
      </Banner>
      {googleSignIn && (
        <div>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => void start()}
            disabled={connecting}
            aria-busy={connecting}
          >
            {connecting && <Spinner dark />}
            {connecting ? t('settings.delete.googleConnecting') : t('settings.delete.googleButton')}
          </button>
        </div>
      )}
      {googleSignIn && <p className="delete-account__recent">{t('settings.delete.googleRecent')}</p>}
      <LiveRegion assertive>
        {error !== null && <Banner tone="error">{apiErrorMessage(t, error)}</Banner>}
      </LiveRegion>
    </div>
  );
}
