import { signUpFormSchema, type User } from '@greenhouse/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { paths } from '../../../lib/paths';
import { FactsGrid } from '../../../components/facts-grid/facts-grid';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { NameFields } from '../../../components/form/field-groups';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useServerForm } from '../../../hooks/use-server-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useUpdateAccount } from '../api/account';

/**
 * The name rules of sign-up (docs/product-rules.md §5), so the profile cannot accept what sign-up would
 * refuse.
 */
const namesFormSchema = z.pick(signUpFormSchema, { firstName: true, lastName: true });
type NamesForm = z.infer<typeof namesFormSchema>;
const nameFields = ['firstName', 'lastName'] as const;

/**
 * Account tab: names (PUT /account/data), the read-only e-mail and status. Downloading the data and deleting
 * the account are on /settings (linked).
 */
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
        <FactsGrid
          facts={[
            { label: t('profile.account.role'), value: t(`profile.account.roles.${user.role.name}`) },
            { label: t('profile.account.active'), value: <StatusPill on={user.active} /> },
            { label: t('profile.account.emailConfirmed'), value: <StatusPill on={user.emailConfirmed} /> },
          ]}
        />
        <p className="profile-section__text">
          {t('profile.account.settingsHint')}{' '}
          <Link to={paths.settings} className="text-link">
            {t('profile.settingsLink')}
          </Link>
        </p>
      </section>
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
        <NameFields
          firstName={{ error: shown('firstName'), ...register('firstName') }}
          lastName={{ error: shown('lastName'), ...register('lastName') }}
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
