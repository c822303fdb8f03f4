import type { ChatDetail } from '@greenhouse/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useSendMessage } from '../api/chat';
import { hasNoPromptsLeft, promptsLeftText, usesPrompts } from '../prompts-left';
import { useAnswerAnnouncement } from '../use-answer-announcement';
import { ChatMessage } from './chat-message';
import { MessageComposer } from './message-composer';
import './chat-pane.css';
import './conversation.css';

interface ConversationProps {
  chat: ChatDetail;
  /** The draft is being edited: the chat waits (an answer would change the draft under the editor). */
  editingDraft: boolean;
}

/** How close to the end (px) the list must be scrolled to keep following a growing answer. */
const FOLLOW_SLACK = 48;

/**
 * The conversation pane: the messages (the answer being written grows in place), a polite live region that
 * says when the designer writes and what it answered, and the message box, or, once the chat made its
 * agent, the link to it.
 */
export function Conversation({ chat, editingDraft }: ConversationProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const send = useSendMessage(chat.id);
  const listRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const height = useRef(0);
  const announcement = useAnswerAnnouncement(chat.messages);
  const prompts = promptsLeftText(user, t);
  const noPrompts = usesPrompts(chat.mode) && hasNoPromptsLeft(user);

  const lastContent = chat.messages.at(-1)?.content;
  // Stays at the newest message while the reader is there (a growing answer scrolls with it), not after
  // they scrolled up to read something earlier.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && following.current) list.scrollTop = list.scrollHeight;
  }, [chat.messages.length, lastContent]);
  // …and when the pane changes size (a tab shown, the window resized, the message box replaced).
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      height.current = list.clientHeight;
      if (following.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const blockedReason = chat.answering
    ? t('composer.waitAnswer')
    : editingDraft
      ? t('composer.editingDraft')
      : noPrompts
        ? [t('composer.noPrompts'), prompts.renewal].filter(Boolean).join(' ')
        : null;

  return (
    <section className="chat-pane conversation" aria-labelledby="conversation-heading">
      <header className="chat-pane__head">
        <h2 id="conversation-heading" className="chat-pane__title">
          {t('chat.conversationHeading')}
        </h2>
        <p className="chat-pane__note">{t(`chat.mode.${chat.mode}`)}</p>
      </header>
      <div
        ref={listRef}
        className="chat-pane__body conversation__scroll"
        tabIndex={0}
        role="region"
        aria-label={t('chat.messagesLabel')}
        onScroll={(event) => {
          const list = event.currentTarget;
          // A scroll caused by the pane's own resize says nothing about where the reader wants to be.
          if (list.clientHeight !== height.current) return;
          following.current = list.scrollHeight - list.scrollTop - list.clientHeight < FOLLOW_SLACK;
        }}
      >
        {chat.messages.length === 0 ? (
          <p className="conversation__empty">{t('chat.noMessages')}</p>
        ) : (
          <ol className="messages">
            {chat.messages.map((message) => (
              <ChatMessage key={message.id} message={message} />
            ))}
          </ol>
        )}
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <div className="chat-pane__foot">
        {chat.closed ? (
          <div className="chat-closed">
            <p className="chat-closed__text">
              {chat.bloomId !== null ? t('chat.closed.text') : t('chat.closed.agentDeleted')}
            </p>
            {chat.bloomId !== null && (
              <Link to={paths.agent(chat.bloomId)} className="btn btn--primary">
                {t('chat.closed.link')}
              </Link>
            )}
          </div>
        ) : (
          <MessageComposer
            label={t('composer.chatLabel')}
            placeholder={t('composer.chatPlaceholder')}
            onSend={(message) => {
              // One's own message brings the conversation back to its end.
              following.current = true;
              return send.mutateAsync(message);
            }}
            error={send.isError ? send.error : null}
            blockedReason={blockedReason}
            aside={
              usesPrompts(chat.mode)
                ? t('composer.promptsLeft', { replace: { left: prompts.left } })
                : t('composer.free')
            }
          />
        )}
      </div>
    </section>
  );
}
