import type { ChatDetail } from '@greenhouse/contracts';
import { draftGaps } from '@greenhouse/mtp';
import clsx from 'clsx';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useWideContent } from '../../../hooks/use-wide-content';
import { useChatStream } from '../api/use-chat-stream';
import { Conversation } from './conversation';
import { DraftDesigner } from './draft-designer';
import './chat-view.css';

/** Up to this width the two panes are tabs (a phone, or a tablet beside the sidebar). */
export const CHAT_TABS_QUERY = '(max-width: 900px)';

const panes = ['conversation', 'designer'] as const;
type Pane = (typeof panes)[number];
const tabId = (pane: Pane) => `chat-tab-${pane}`;
const panelId = (pane: Pane) => `chat-panel-${pane}`;

/**
 * A chat: the conversation beside the draft designer; on narrow screens one at a time, as tabs. While an
 * answer is being written it streams in (both panes follow it).
 */
export function ChatView({ chat }: { chat: ChatDetail }) {
  const { t } = useTranslation();
  const tabs = useMediaQuery(CHAT_TABS_QUERY);
  const [active, setActive] = useState<Pane>('conversation');
  const [editing, setEditing] = useState(false);
  useChatStream(chat.id, chat.answering);
  useWideContent();
  const gaps = useMemo(() => draftGaps(chat.draft), [chat.draft]);
  const closed = chat.closed;
  // The chat closed (its agent made, maybe in another tab): nothing left to edit here.
  if (editing && closed) setEditing(false);

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, Pane> = {
      ArrowRight: active === 'conversation' ? 'designer' : 'conversation',
      ArrowLeft: active === 'conversation' ? 'designer' : 'conversation',
      Home: 'conversation',
      End: 'designer',
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    setActive(next);
    document.getElementById(tabId(next))?.focus();
  };

  const paneProps = (pane: Pane) =>
    tabs
      ? {
          id: panelId(pane),
          role: 'tabpanel',
          'aria-labelledby': tabId(pane),
          hidden: active !== pane,
        }
      : {};

  return (
    <div className={clsx('chat-page', tabs && 'chat-page--tabs')}>
      <header className="chat-page__head">
        <h1 className="chat-page__title">{chat.title}</h1>
      </header>
      {tabs && (
        <div role="tablist" aria-label={t('chat.tabsLabel')} className="chat-tabs" onKeyDown={onTabKey}>
          {panes.map((pane) => (
            <button
              key={pane}
              id={tabId(pane)}
              type="button"
              role="tab"
              className="chat-tabs__tab"
              aria-selected={active === pane}
              aria-controls={panelId(pane)}
              tabIndex={active === pane ? 0 : -1}
              onClick={() => setActive(pane)}
            >
              {t(`chat.tabs.${pane}`)}
              {pane === 'designer' && !closed && (
                <span className={clsx('chat-tabs__badge', gaps.length === 0 && 'chat-tabs__badge--done')}>
                  {gaps.length === 0
                    ? t('chat.tabs.ready')
                    : t('chat.tabs.missing', { replace: { count: gaps.length } })}
                </span>
              )}
              {pane === 'conversation' && chat.answering && (
                <span className="chat-tabs__badge">{t('chat.writing')}</span>
              )}
            </button>
          ))}
        </div>
      )}
      <div className="chat-page__panes">
        <div className="chat-page__pane" {...paneProps('conversation')}>
          <Conversation chat={chat} editingDraft={editing} />
        </div>
        <div className="chat-page__pane" {...paneProps('designer')}>
          <DraftDesigner chat={chat} gaps={gaps} editing={editing} onEditingChange={setEditing} />
        </div>
      </div>
    </div>
  );
}
