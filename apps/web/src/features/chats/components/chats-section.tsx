import type { User } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { RenameDialog } from '../../../components/dialog/rename-dialog';
import { Loader } from '../../../components/loader/loader';
import { OwnedListSection } from '../../../components/sidebar-section/owned-list-section';
import { chatList } from '../api/chats';
import { promptsLeftText } from '../prompts-left';

/**
 * The sidebar's Chats section (docs/product-rules.md §2): CREATE, NEW CHAT with the prompts left, and the
 * chat list.
 */
export function ChatsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const prompts = promptsLeftText(user, t);

  return (
    <OwnedListSection
      title={t('sidebar.create')}
      newLink={{ to: paths.newChat, label: t('sidebar.newChat'), aside: prompts.left }}
      note={prompts.renewal}
      list={chatList}
      listTexts={{ list: 'sidebar.chats', empty: 'sidebar.noChats', loadFailed: 'sidebar.loadChatsFailed' }}
      itemTexts={{ actions: 'sidebar.chatActions', deleteDialog: 'dialogs.deleteChat' }}
      routes={{ item: paths.chat, open: '/chat/:id', afterDelete: paths.newChat }}
      leading={(chat) => chat.answering && <Loader size="small" label={t('sidebar.answering')} />}
      // Edit chat: its title (docs/product-rules.md §2 Modals, §5 chat title).
      renderEdit={(chat, onClose) => (
        <RenameDialog list={chatList} item={chat} texts="dialogs.editChat" onClose={onClose} />
      )}
    />
  );
}
