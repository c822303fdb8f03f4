import type { CreatedApiToken } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form/select-field';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useServerForm } from '../../../hooks/use-server-form';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useCreateApiToken } from '../api/api-tokens';
import {
  createTokenFields,
  createTokenFormSchema,
  DEFAULT_TOKEN_EXPIRY_DAYS,
  TOKEN_EXPIRY_DAYS,
  type CreateTokenForm as CreateTokenValues,
} from '../api-token-form';
import './create-token-form.css';

/** The name field's id, for whoever moves focus back to the form. */
export const TOKEN_NAME_INPUT_ID = 'settings-token-name';

/** A name and an expiry (a choice of days); the created token goes to `onCreated`, which shows it once. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const { register, reset, formState, shown, submitWith } = useServerForm<CreateTokenValues>({
    schema: createTokenFormSchema,
    defaultValues: { name: '', expiresInDays: DEFAULT_TOKEN_EXPIRY_DAYS },
    serverFields: createTokenFields,
  });

  const onSubmit = submitWith(async (values) => {
    const created = await create.mutateAsync(values);
    reset({ name: '', expiresInDays: values.expiresInDays });
    onCreated(created);
  });

  const formError = create.isError ? formErrorOutcome(create.error, createTokenFields) : null;
  const expiryError = shown('expiresInDays');

  return (
    <form
      className="profile-form create-token"
      noValidate
      aria-labelledby="settings-create-token-heading"
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 id="settings-create-token-heading" className="create-token__heading">
        {t('settings.tokens.createHeading')}
      </h3>
      <div className="create-token__fields">
        <TextField
          id={TOKEN_NAME_INPUT_ID}
          label={t('settings.tokens.name')}
          hint={t('settings.tokens.nameHint')}
          autoComplete="off"
          className="create-token__name"
          error={shown('name')}
          {...register('name')}
        />
        <SelectField
          label={t('settings.tokens.expiry')}
          error={expiryError}
          className="create-token__expiry"
          options={TOKEN_EXPIRY_DAYS.map((days) => ({
            value: days,
            label: t('settings.tokens.days', { count: days }),
          }))}
          {...register('expiresInDays', { valueAsNumber: true })}
        />
      </div>
      <FormErrorBanner error={formError} />
      <div className="profile-form__actions">
        <SubmitButton
          className="btn btn--primary"
          busy={formState.isSubmitting}
          label={t('settings.tokens.create')}
          busyLabel={t('settings.tokens.creating')}
        />
      </div>
    </form>
  );
}
