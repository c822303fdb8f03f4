import type { ChatMessage } from '@greenhouse/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownToPlainText } from './plain-text';

type Seen = { id: string; status: ChatMessage['status'] } | null;

const lastAnswer = (messages: readonly ChatMessage[]): ChatMessage | undefined =>
  messages.findLast((m) => m.role === 'assistant');

/** What a screen reader is told when the newest answer reaches `status` (not every word as it streams). */
export function answerAnnouncement(t: TFunction, message: ChatMessage): string {
  switch (message.status) {
    case 'answering':
      return t('chat.writing');
    case 'complete':
      return t('chat.answered', { replace: { text: markdownToPlainText(message.content) } });
    case 'failed':
    case 'interrupted':
      return t(`chat.status.${message.status}`);
  }
}

/**
 * The text of the conversation's polite live region: it changes only when the newest answer starts, ends,
 * fails or is interrupted while the page is open (a chat opened as it is says nothing).
 */
export function useAnswerAnnouncement(messages: readonly ChatMessage[]): string {
  const { t } = useTranslation();
  const last = lastAnswer(messages);
  const [seen, setSeen] = useState<Seen>(() => (last ? { id: last.id, status: last.status } : null));
  const [text, setText] = useState('');
  // Adjusted during render (React's pattern for state derived from a change of props).
  if (last && (last.id !== seen?.id || last.status !== seen.status)) {
    setSeen({ id: last.id, status: last.status });
    setText(answerAnnouncement(t, last));
  }
  return text;
}
