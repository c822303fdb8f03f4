import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loader } from '../../components/loader/loader';
import { RetryBanner } from '../../components/notice/retry-banner';
import { isChatNotFound, useChat } from '../../features/chats/api/chat';
import { ChatView } from '../../features/chats/components/chat-view';
import { NewChat } from '../../features/chats/components/new-chat';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../lib/paths';
import './chat-screens.css';

/** /chat/new: start a chat from one's own message or a demo prompt. */
export function NewChatScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.newChat'));
  return <NewChat />;
}

/** /chat/{id}: one screen per chat, so nothing (an open editor, a stream) carries over to another. */
export function ChatScreen() {
  const { id = '' } = useParams();
  return <ChatPage key={id} id={id} />;
}

function ChatPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useChat(id);
  const chat = query.data;
  useDocumentTitle(chat?.title || t('titles.chat'));

  if (isChatNotFound(query.error)) return <ChatNotFound />;
  if (!chat) {
    if (query.isError) {
      return (
        <div className="chat-state">
          <RetryBanner text={t('chat.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        </div>
      );
    }
    return (
      <div className="chat-state chat-state--loading">
        <Loader size="medium" />
      </div>
    );
  }
  return <ChatView chat={chat} />;
}

/** A missing chat, or someone else's (the API answers both with 404). */
function ChatNotFound() {
  const { t } = useTranslation();
  return (
    <section className="card chat-state chat-state--card" aria-labelledby="chat-not-found">
      <h1 id="chat-not-found" className="chat-state__heading">
        {t('chat.notFound.heading')}
      </h1>
      <p className="chat-state__text">{t('chat.notFound.text')}</p>
      <Link to={paths.newChat} className="btn btn--primary">
        {t('chat.notFound.link')}
      </Link>
    </section>
  );
}
