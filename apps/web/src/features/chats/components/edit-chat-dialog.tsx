import { chatTitleFormSchema, type ChatSummary } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { RenameDialog } from '../../../components/dialog/rename-dialog';
import { useRenameChat } from '../api/chats';

/** Edit chat: its title (spec §2 Modals, §5 chat title rules). */
export function EditChatDialog({ chat, onClose }: { chat: ChatSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameChat();
  return (
    <RenameDialog
      title={t('dialogs.editChat.title')}
      label={t('dialogs.editChat.titleLabel')}
      field="title"
      schema={chatTitleFormSchema}
      value={chat.title}
      save={(title) => rename.mutateAsync({ id: chat.id, title })}
      request={rename}
      savedMessage={t('dialogs.editChat.saved')}
      onClose={onClose}
    />
  );
}
