import type { ChatMessage as Message } from '@greenhouse/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';
import { MarkdownText } from './markdown-text';
import './chat-message.css';

/**
 * One message of the conversation: the user's as plain text, the designer's as markdown. An answer being
 * written shows "Writing…"; a failed or interrupted one says so under what it has.
 */
export function ChatMessage({ message }: { message: Message }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  const answering = message.status === 'answering';
  return (
    <li
      className={clsx('message', mine ? 'message--user' : 'message--assistant')}
      data-status={message.status}
      aria-busy={answering || undefined}
    >
      <span className="message__who">{mine ? t('chat.you') : t('chat.designer')}</span>
      <div className="message__bubble">
        {mine ? (
          <p className="message__text">{message.content}</p>
        ) : (
          message.content !== '' && <MarkdownText text={message.content} />
        )}
        {answering && (
          <p className="message__writing">
            <span className="typing-dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t('chat.writing')}
          </p>
        )}
        {(message.status === 'failed' || message.status === 'interrupted') && (
          <p className="message__problem">
            <AlertIcon width={16} height={16} />
            {t(`chat.status.${message.status}`)}
          </p>
        )}
      </div>
    </li>
  );
}
