import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useRenameOwned, type OwnedItem, type OwnedItems } from '../../lib/owned-list';
import { TextField } from '../form/text-field';
import { useToast } from '../toast/toast-context';
import { Dialog } from './dialog';

interface RenameDialogProps<Field extends string> {
  /** The list the item is in: its label field, the form's schema and where the rename goes. */
  list: OwnedItems<Field>;
  item: OwnedItem<Field>;
  /** The i18n key prefix of the dialog's texts: `.title`, `.<field>Label` (the field's) and `.saved` (the toast). */
  texts: string;
  onClose: () => void;
  /** Read-only details under the field. */
  children?: ReactNode;
}

/**
 * A dialog that renames an item of a user's list (its label field); Save is disabled while the form is
 * invalid or submitting.
 */
export function RenameDialog<Field extends string>({
  list,
  item,
  texts,
  onClose,
  children,
}: RenameDialogProps<Field>) {
  const { field } = list;
  const rename = useRenameOwned(list);
  const { t } = useTranslation();
  const { notify } = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Record<string, string>>({
    resolver: zodResolver(list.fieldSchema),
    mode: 'all',
    defaultValues: { [field]: item[field] },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await rename.mutateAsync({ id: item.id, value: values[field] ?? '' });
    } catch {
      return; // Shown below from rename.error.
    }
    notify(t(`${texts}.saved`));
    onClose();
  });

  const error = errors[field]?.message;

  return (
    <Dialog title={t(`${texts}.title`)} onClose={onClose}>
      <form className="dialog__body" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t(`${texts}.${field}Label`)}
          autoComplete="off"
          data-autofocus
          error={error ? t(error) : undefined}
          {...register(field)}
        />
        {children}
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
