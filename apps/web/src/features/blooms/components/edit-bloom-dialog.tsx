import { bloomNameFormSchema, formatDateTime, type Bloom, type BloomNameForm } from '@greenhouse/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog/dialog';
import { TextField } from '../../../components/form/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useRenameBloom } from '../api/blooms';

/**
 * Edit agent: its name, with the dataset name and creation date read-only (spec §2 Modals). Save is
 * disabled while the form is invalid or submitting (spec §5).
 */
export function EditBloomDialog({ bloom, onClose }: { bloom: Bloom; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const rename = useRenameBloom();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<BloomNameForm>({
    resolver: zodResolver(bloomNameFormSchema),
    mode: 'all',
    defaultValues: { name: bloom.name },
  });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: bloom.id, name });
    } catch {
      return; // Shown below from rename.error.
    }
    notify(t('dialogs.editAgent.saved'));
    onClose();
  });

  return (
    <Dialog title={t('dialogs.editAgent.title')} onClose={onClose}>
      <form className="dialog__body" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('dialogs.editAgent.nameLabel')}
          autoComplete="off"
          data-autofocus
          error={errors.name?.message ? t(errors.name.message) : undefined}
          {...register('name')}
        />
        <dl className="dialog__details">
          <dt>{t('dialogs.editAgent.dataset')}</dt>
          <dd>{bloom.dataset.name}</dd>
          <dt>{t('dialogs.editAgent.created')}</dt>
          <dd>
            <time dateTime={bloom.createdAt}>{formatDateTime(bloom.createdAt)}</time>
          </dd>
        </dl>
        <div aria-live="assertive">
          {rename.isError && (
            <p className="banner banner--error" role="alert">
              {apiErrorMessage(t, rename.error)}
            </p>
          )}
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!isValid || isSubmitting}>
            {isSubmitting ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
