import type { ChatDetail } from '@greenhouse/contracts';
import type { DraftGap } from '@greenhouse/mtp';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilIcon } from '../../../components/icons';
import { DraftEditor } from './draft-editor';
import { DraftGapList } from './draft-gap-list';
import { DraftSummary } from './draft-summary';
import { GenerateAgent } from './generate-agent';
import './chat-pane.css';
import './draft-designer.css';

interface DraftDesignerProps {
  chat: ChatDetail;
  /** What the draft still lacks (draftGaps of chat.draft). */
  gaps: readonly DraftGap[];
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

/**
 * The designer pane: the draft as it grows (from the stream), what is still missing, and "Generate agent";
 * or the draft editor. Editing waits while an answer is being written (the answer may change the draft) and
 * ends for good once the chat made its agent.
 */
export function DraftDesigner({ chat, gaps, editing, onEditingChange }: DraftDesignerProps) {
  const { t } = useTranslation();
  const editButton = useRef<HTMLButtonElement>(null);
  const closed = chat.closed;
  const canEdit = !closed && !chat.answering;

  const stopEditing = () => {
    onEditingChange(false);
    // Back to where editing started, once the button is there again.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const blockedReason = chat.answering
    ? t('generate.waitAnswer')
    : gaps.length > 0
      ? t('generate.hasGaps')
      : null;

  return (
    <section className="chat-pane designer" aria-labelledby="designer-heading">
      <header className="chat-pane__head chat-pane__head--row">
        <div>
          <h2 id="designer-heading" className="chat-pane__title">
            {t('draft.heading')}
          </h2>
          <p className="chat-pane__note">{editing ? t('draft.editingNote') : t('draft.intro')}</p>
        </div>
        {!editing && !closed && (
          <button
            ref={editButton}
            type="button"
            className="btn btn--outline designer__edit"
            disabled={!canEdit}
            aria-describedby={chat.answering ? 'designer-edit-wait' : undefined}
            onClick={() => onEditingChange(true)}
          >
            <PencilIcon width={18} height={18} />
            {t('draft.edit')}
          </button>
        )}
      </header>
      {editing ? (
        <DraftEditor key={chat.id} chat={chat} onClose={stopEditing} />
      ) : (
        <>
          <div
            className="chat-pane__body designer__body"
            tabIndex={0}
            role="region"
            aria-label={t('draft.bodyLabel')}
          >
            {chat.answering && !closed && (
              <p id="designer-edit-wait" className="designer__wait">
                {t('draft.editWait')}
              </p>
            )}
            {!closed && <DraftGapList id="designer-gaps" gaps={gaps} />}
            <DraftSummary draft={chat.draft} />
          </div>
          <div className="chat-pane__foot">
            <GenerateAgent chat={chat} blockedReason={blockedReason} />
          </div>
        </>
      )}
    </section>
  );
}
