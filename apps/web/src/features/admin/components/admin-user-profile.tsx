import { formatDateTime, roleNames, type AdminAccount } from '@greenhouse/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SelectField } from '../../../components/form/select-field';
import type { Fact } from '../../../components/fact-card/fact-card';
import { FactsGrid } from '../../../components/facts-grid/facts-grid';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { NumericField } from '../../../components/form/numeric-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Loader } from '../../../components/loader/loader';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { useToast } from '../../../components/toast/toast-context';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useServerForm } from '../../../hooks/use-server-form';
import { isApiRequestError } from '../../../lib/api-client';
import { formErrorOutcome } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import {
  accountChanges,
  accountFormFields,
  accountFormSchema,
  accountFormValues,
  allowanceInput,
  type AccountForm,
} from '../account-form';
import { useAdminAccount, useDeleteAdminAccount, useUpdateAdminAccount } from '../api/admin-accounts';
import { AccountStatusPill } from './account-status-pill';
import { AgentsTable } from './agents-table';
import { ChatsTable } from './chats-table';
import './admin-user-profile.css';

/** /admin/users/{id}: an account's facts and edits, its agents and chats, and Delete; a missing account says so. */
export function AdminUserProfile({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const account = useAdminAccount(userId);

  if (account.isError) {
    const notFound = isApiRequestError(account.error) && account.error.status === 404;
    return notFound ? (
      <NotFound />
    ) : (
      <Frame title={t('titles.adminUser')}>
        <RetryBanner
          text={t('admin.user.loadFailed')}
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      </Frame>
    );
  }
  if (!account.data) {
    return (
      <Frame title={t('titles.adminUser')}>
        <div className="admin-user__loading">
          <Loader size="medium" />
        </div>
      </Frame>
    );
  }
  return <Profile account={account.data} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="admin-user card">
      <Link to={paths.admin} className="text-link admin-user__back">
        ← {t('admin.user.back')}
      </Link>
      {children}
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Frame title={t('admin.user.notFound.heading')}>
      <section className="admin-user__state" aria-labelledby="admin-user-not-found">
        <h1 id="admin-user-not-found" className="admin-user__heading">
          {t('admin.user.notFound.heading')}
        </h1>
        <p className="admin-user__muted">{t('admin.user.notFound.text')}</p>
      </section>
    </Frame>
  );
}

function Profile({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;
  return (
    <Frame title={`${name} · ${t('titles.adminUser')}`}>
      <header className="admin-user__header">
        <h1 className="admin-user__heading">{name}</h1>
        <p className="admin-user__email">{account.email}</p>
        <AccountStatusPill account={account} />
      </header>

      {account.pending && <Approval account={account} />}

      <Section id="admin-user-facts" heading={t('admin.user.factsHeading')}>
        <Facts account={account} />
      </Section>

      <Section id="admin-user-edit" heading={t('admin.user.editHeading')}>
        <EditForm account={account} />
      </Section>

      <Section id="admin-user-agents" heading={t('admin.user.agentsHeading', { count: account.agents })}>
        <AgentsTable userId={account.id} />
      </Section>

      <Section id="admin-user-chats" heading={t('admin.user.chatsHeading', { count: account.chats })}>
        <ChatsTable userId={account.id} />
      </Section>

      <DeleteUser account={account} />
    </Frame>
  );
}

function Approval({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const update = useUpdateAdminAccount(account.id);
  return (
    <div className="admin-user__approval" role="region" aria-labelledby="admin-user-approval">
      <div>
        <h2 id="admin-user-approval" className="admin-user__section-heading">
          {t('admin.user.approval.heading')}
        </h2>
        <p className="admin-user__muted">{t('admin.user.approval.text')}</p>
      </div>
      <button
        type="button"
        className="btn btn--primary"
        disabled={update.isPending}
        aria-busy={update.isPending}
        onClick={() =>
          update.mutate(
            { active: true },
            { onSuccess: () => notify(t('admin.user.approval.approved', { email: account.email })) },
          )
        }
      >
        {update.isPending ? t('admin.user.approval.approving') : t('admin.user.approval.approve')}
      </button>
      <LiveRegion assertive>
        {update.isError && <Banner tone="error">{t(formErrorOutcome(update.error, []).messageKey)}</Banner>}
      </LiveRegion>
    </div>
  );
}

function Facts({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const date = (iso: string | null, none: string) =>
    iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : none;
  const admin = account.role.name === 'admin';
  const facts: Fact[] = [
    { label: t('admin.user.created'), value: date(account.createdAt, '—') },
    { label: t('admin.user.lastSeen'), value: date(account.lastSeenAt, t('admin.never')) },
    { label: t('admin.user.approved'), value: date(account.approvedAt, '—') },
    ...(account.deactivatedAt
      ? [{ label: t('admin.user.deactivated'), value: date(account.deactivatedAt, '—') }]
      : []),
    {
      label: t('admin.user.promptsUsed'),
      value: admin
        ? t('sidebar.unlimited')
        : t('admin.user.promptsOf', { used: account.prompts.used, limit: account.prompts.limit }),
    },
    {
      label: t('admin.user.renewal'),
      value: (
        <>
          {t('admin.user.renewalEvery', { days: account.prompts.renewalDays })}
          {account.prompts.nextRenewalAt && (
            <>
              {' · '}
              {date(account.prompts.nextRenewalAt, '')}
            </>
          )}
        </>
      ),
    },
  ];
  return <FactsGrid facts={facts} />;
}

function EditForm({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const update = useUpdateAdminAccount(account.id);
  const [unchanged, setUnchanged] = useState(false);
  const { register, control, reset, formState, shown, submitWith } = useServerForm<AccountForm>({
    schema: accountFormSchema,
    defaultValues: accountFormValues(account),
    serverFields: accountFormFields,
  });

  // The account changed under the form (approved, saved, read again): the fields the admin has not
  // touched follow it, so a later save compares with what the account is now.
  useEffect(() => {
    reset(accountFormValues(account), { keepDirtyValues: true });
  }, [account, reset]);

  const onSubmit = submitWith(async (values) => {
    const changes = accountChanges(account, values);
    setUnchanged(changes === null);
    if (!changes) return;
    const saved = await update.mutateAsync(changes);
    reset(accountFormValues(saved));
  });

  const formError = update.isError ? formErrorOutcome(update.error, accountFormFields) : null;

  return (
    <form className="admin-user__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="admin-user__row">
        <TextField label={t('forms.firstName')} error={shown('firstName')} {...register('firstName')} />
        <TextField label={t('forms.lastName')} error={shown('lastName')} {...register('lastName')} />
      </div>
      <div className="admin-user__row">
        {/* Controlled: the value is set with the options there (an uncontrolled select registered before its
            options showed the first option). */}
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <SelectField
              label={t('admin.fields.role')}
              id="admin-user-role"
              error={shown('role')}
              options={roleNames.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))}
              {...field}
            />
          )}
        />
        <fieldset className="admin-user__checks">
          <legend className="field__label">{t('admin.user.accessLegend')}</legend>
          <label className="admin-user__check">
            <input type="checkbox" {...register('active')} />
            <span>{t('admin.fields.active')}</span>
          </label>
          <label className="admin-user__check">
            <input type="checkbox" {...register('emailConfirmed')} />
            <span>{t('admin.fields.emailConfirmed')}</span>
          </label>
          <p className="field__error" aria-live="polite">
            {shown('active') ?? shown('emailConfirmed')}
          </p>
        </fieldset>
      </div>
      <div className="admin-user__row">
        {(
          [
            ['prompts.limit', t('profile.prompts.limit')],
            ['prompts.renewalDays', t('profile.prompts.renewalDays')],
          ] as const
        ).map(([name, label]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <NumericField
                label={label}
                hint={t('admin.user.wholeNumberHint')}
                error={shown(name)}
                rules={allowanceInput}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        ))}
      </div>
      <FormErrorBanner error={formError} />
      <LiveRegion>
        {unchanged ? (
          <Banner tone="info">{t('admin.user.nothingChanged')}</Banner>
        ) : (
          update.isSuccess && <Banner tone="success">{t('admin.user.saved')}</Banner>
        )}
      </LiveRegion>
      <div className="admin-user__actions">
        <SubmitButton
          className="btn btn--primary"
          busy={formState.isSubmitting}
          label={t('admin.user.save')}
          busyLabel={t('common.saving')}
        />
      </div>
    </form>
  );
}

function DeleteUser({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const remove = useDeleteAdminAccount(account.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="admin-user__section admin-user__danger" aria-labelledby="admin-user-delete">
      <h2 id="admin-user-delete" className="admin-user__section-heading">
        {t('admin.user.delete.heading')}
      </h2>
      <p className="admin-user__muted">{t('admin.user.delete.text')}</p>
      <div>
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          {t('admin.user.delete.button')}
        </button>
      </div>
      {confirming && (
        <DeleteDialog
          title={t('admin.user.delete.dialogTitle')}
          message={t('admin.user.delete.dialogMessage', { email: account.email })}
          onConfirm={() => remove.mutateAsync()}
          onDeleted={() => {
            notify(t('admin.user.delete.deleted', { email: account.email }));
            void navigate(paths.admin, { replace: true });
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

/** A titled part of the profile, named for assistive technology by its heading. */
function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="admin-user__section" aria-labelledby={id}>
      <h2 id={id} className="admin-user__section-heading">
        {heading}
      </h2>
      {children}
    </section>
  );
}
