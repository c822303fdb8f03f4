import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorMessage } from '../../lib/api-error-message';
import { TextField } from '../form/text-field';
import { useToast } from '../toast/toast-context';
import { Dialog } from './dialog';

interface RenameDialogProps {
  title: string;
  /** The label of the one text field. */
  label: string;
  /** The field's name in the form and its schema, e.g. 'name'. */
  field: string;
  /** The form's schema: an object with just that field. */
  schema: z.ZodType<Record<string, string>, Record<string, string>>;
  /** The current value, the field's starting text. */
  value: string;
  /** Saves the new value (the rename mutation's mutateAsync); a rejection is shown from `request`. */
  save: (value: string) => Promise<unknown>;
  /** The rename mutation's state, for its error. */
  request: { isError: boolean; error: unknown };
  /** The toast after a successful save. */
  savedMessage: string;
  onClose: () => void;
  /** Read-only details under the field. */
  children?: ReactNode;
}

/** A dialog that edits one text value of an item; Save is disabled while the form is invalid or submitting. */
export function RenameDialog(props: RenameDialogProps) {
  const { title, label, field, schema, value, save, request, savedMessage, onClose, children } = props;
  const { t } = useTranslation();
  const { notify } = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { [field]: value },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save(values[field] ?? '');
    } catch {
      return; // Shown below from request.error.
    }
    notify(savedMessage);
    onClose();
  });

  const error = errors[field]?.message;

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="dialog__body" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={label}
          autoComplete="off"
          data-autofocus
          error={error ? t(error) : undefined}
          {...register(field)}
        />
        {children}
        <div aria-live="assertive">
          {request.isError && (
            <p className="banner banner--error" role="alert">
              {apiErrorMessage(t, request.error)}
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
