import { chatTitleFormSchema, type ChatSummary, type ChatTitleForm } from '@greenhouse/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog/dialog';
import { TextField } from '../../../components/form/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useRenameChat } from '../api/chats';

/** Edit chat: its title (spec §2 Modals, §5 chat title rules). */
export function EditChatDialog({ chat, onClose }: { chat: ChatSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const rename = useRenameChat();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ChatTitleForm>({
    resolver: zodResolver(chatTitleFormSchema),
    mode: 'all',
    defaultValues: { title: chat.title },
  });

  const onSubmit = handleSubmit(async ({ title }) => {
    try {
      await rename.mutateAsync({ id: chat.id, title });
    } catch {
      return; // Shown below from rename.error.
    }
    notify(t('dialogs.editChat.saved'));
    onClose();
  });

  return (
    <Dialog title={t('dialogs.editChat.title')} onClose={onClose}>
      <form className="dialog__body" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('dialogs.editChat.titleLabel')}
          autoComplete="off"
          data-autofocus
          error={errors.title?.message ? t(errors.title.message) : undefined}
          {...register('title')}
        />
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
