import { signUpFormSchema, type User } from '@greenhouse/contracts';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../lib/paths';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useToast } from '../../../components/toast/toast-context';
import { useServerForm } from '../../../hooks/use-server-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useDeleteAccount, useUpdateAccount } from '../api/account';

/** The name rules of sign-up (spec §5), so the profile cannot accept what sign-up would refuse. */
const namesFormSchema = signUpFormSchema.pick({ firstName: true, lastName: true });
type NamesForm = z.infer<typeof namesFormSchema>;
const nameFields = ['firstName', 'lastName'] as const;

/** Account tab: names (PUT /account/data), the read-only e-mail and status, and deleting the account. */
export function AccountTab({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <div className="profile-sections">
      <section className="profile-section" aria-labelledby="account-details-heading">
        <h2 id="account-details-heading" className="profile-section__heading">
          {t('profile.account.detailsHeading')}
        </h2>
        <NamesForm user={user} />
      </section>

      <section className="profile-section" aria-labelledby="account-status-heading">
        <h2 id="account-status-heading" className="profile-section__heading">
          {t('profile.account.statusHeading')}
        </h2>
        <dl className="profile-facts">
          <div>
            <dt>{t('profile.account.role')}</dt>
            <dd>{t(`profile.account.roles.${user.role.name}`)}</dd>
          </div>
          <div>
            <dt>{t('profile.account.active')}</dt>
            <dd>
              <StatusPill on={user.active} />
            </dd>
          </div>
          <div>
            <dt>{t('profile.account.emailConfirmed')}</dt>
            <dd>
              <StatusPill on={user.emailConfirmed} />
            </dd>
          </div>
        </dl>
      </section>

      <DeleteAccount user={user} />
    </div>
  );
}

function StatusPill({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={clsx('status-pill', on ? 'status-pill--on' : 'status-pill--off')}>
      {on ? t('profile.account.yes') : t('profile.account.no')}
    </span>
  );
}

function NamesForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const { register, reset, formState, shown, submitWith } = useServerForm<NamesForm>({
    schema: namesFormSchema,
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
    serverFields: nameFields,
  });

  const onSubmit = submitWith(async (names) => {
    const saved = await update.mutateAsync(names);
    reset({ firstName: saved.firstName, lastName: saved.lastName });
  });

  const formError = update.isError ? formErrorOutcome(update.error, nameFields) : null;

  return (
    <form className="profile-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="profile-form__row">
        <TextField
          label={t('forms.firstName')}
          autoComplete="given-name"
          error={shown('firstName')}
          {...register('firstName')}
        />
        <TextField
          label={t('forms.lastName')}
          autoComplete="family-name"
          error={shown('lastName')}
          {...register('lastName')}
        />
      </div>
      {/* Read-only: shown as text (it wraps on narrow screens, where an input would cut it off). */}
      <div className="field">
        <span className="field__label">{t('forms.email')}</span>
        <p className="field__static">{user.email}</p>
        <p className="field__hint">{t('profile.account.emailHint')}</p>
      </div>
      <FormErrorBanner error={formError} />
      <LiveRegion>
        {update.isSuccess && <Banner tone="success">{t('profile.account.saved')}</Banner>}
      </LiveRegion>
      <div className="profile-form__actions">
        <SubmitButton
          className="btn btn--primary"
          busy={formState.isSubmitting}
          label={t('profile.account.save')}
          busyLabel={t('common.saving')}
        />
      </div>
    </form>
  );
}

function DeleteAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  return (
    <section className="profile-section danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading" className="profile-section__heading">
        {t('profile.delete.heading')}
      </h2>
      <p className="profile-section__text">{t('profile.delete.text')}</p>
      <div>
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          {t('profile.delete.button')}
        </button>
      </div>
      {confirming && (
        <DeleteDialog
          title={t('profile.delete.dialogTitle')}
          message={t('profile.delete.dialogMessage', { email: user.email })}
          onConfirm={() => deleteAccount.mutateAsync(user)}
          onDeleted={() => {
            // The session is gone with the account (the cached user is cleared): on to sign-in.
            notify(t('profile.delete.deleted'));
            void navigate(paths.signIn, { replace: true });
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
