import { roleNames, type AdminAccount } from '@greenhouse/contracts';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { NumericField } from '../../../components/form/numeric-field';
import { SelectField } from '../../../components/form/select-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useServerForm } from '../../../hooks/use-server-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import {
  accountChanges,
  accountFormFields,
  accountFormSchema,
  accountFormValues,
  allowanceInput,
  type AccountForm,
} from '../account-form';
import { useUpdateAdminAccount } from '../api/admin-accounts';

/** The admin's edit of an account: names, role, access, prompt allowance; only what changed is sent. */
export function AccountEditForm({ account }: { account: AdminAccount }) {
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
