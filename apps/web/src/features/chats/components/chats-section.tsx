import type { ChatSummary, User } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { MoreIcon } from '../../../components/icons';
import { InfiniteList } from '../../../components/infinite-list/infinite-list';
import { Loader } from '../../../components/loader/loader';
import { Menu } from '../../../components/menu/menu';
import { SidebarRow } from '../../../components/sidebar-section/sidebar-row';
import { SidebarSection } from '../../../components/sidebar-section/sidebar-section';
import { useToast } from '../../../components/toast/toast-context';
import { uniqueById } from '../../../lib/pagination';
import { useChatList, useDeleteChat } from '../api/chats';
import { promptsLeftText } from '../prompts-left';
import { EditChatDialog } from './edit-chat-dialog';

/** The sidebar's Chats section (spec §2): CREATE, NEW CHAT with the prompts left, and the chat list. */
export function ChatsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const openChat = useMatch('/chat/:id');
  const list = useChatList();
  const deleteChat = useDeleteChat();
  const [editing, setEditing] = useState<ChatSummary | null>(null);
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);

  const pages = list.data?.pages ?? [];
  const chats = uniqueById(pages.flatMap((page) => page.chats));
  const prompts = promptsLeftText(user, t);

  return (
    <SidebarSection
      title={t('sidebar.create')}
      total={pages.at(-1)?.total}
      newLink={{ to: paths.newChat, label: t('sidebar.newChat'), aside: prompts.left }}
      note={prompts.renewal}
    >
      <InfiniteList
        label={t('sidebar.chats')}
        isPending={list.isPending}
        isError={list.isError && !list.data}
        isEmpty={chats.length === 0}
        emptyText={t('sidebar.noChats')}
        errorText={t('sidebar.loadChatsFailed')}
        onRetry={() => void list.refetch()}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      >
        {chats.map((chat) => (
          <SidebarRow
            key={chat.id}
            to={paths.chat(chat.id)}
            label={chat.title}
            leading={chat.answering && <Loader size="small" label={t('sidebar.answering')} />}
            actions={
              <Menu
                label={t('sidebar.chatActions', { title: chat.title })}
                trigger={<MoreIcon />}
                triggerClassName="icon-btn side-row__actions"
                items={[
                  { key: 'edit', label: t('sidebar.edit'), onSelect: () => setEditing(chat) },
                  {
                    key: 'delete',
                    label: t('sidebar.delete'),
                    tone: 'danger',
                    onSelect: () => setDeleting(chat),
                  },
                ]}
              />
            }
          />
        ))}
      </InfiniteList>

      {editing && <EditChatDialog chat={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteDialog
          title={t('dialogs.deleteChat.title')}
          message={t('dialogs.deleteChat.message', { title: deleting.title })}
          onConfirm={() => deleteChat.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            notify(t('dialogs.deleteChat.deleted'));
            // The open chat is gone: leave its page.
            if (openChat?.params.id === deleting.id) void navigate(paths.newChat, { replace: true });
          }}
        />
      )}
    </SidebarSection>
  );
}
