import type { ChatDetail } from '@greenhouse/contracts';
import { pendingOfferCount, type BloomDraft, type DraftGap } from '@greenhouse/mtp';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilIcon } from '../../../components/icons';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useToast } from '../../../components/toast/toast-context';
import { useAddScenario, useSaveDraft } from '../api/chat';
import { DraftEditor } from './draft-editor';
import { DraftGapList } from './draft-gap-list';
import { DraftSummary, type OfferActions, type ScenarioAction } from './draft-summary';
import { GenerateBloom } from './generate-bloom';
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
  const save = useSaveDraft(chat.id);
  const [announcement, setAnnouncement] = useState('');
  const waiting = pendingOfferCount(chat.draft);

  // Keeping or dropping an offered phrasing saves the draft at once (free), as the editor does.
  const offers: OfferActions | undefined = closed
    ? undefined
    : {
        busy: save.isPending || chat.answering,
        onChange: async (draft: BloomDraft, text: string) => {
          setAnnouncement('');
          await save.mutateAsync(draft);
          setAnnouncement(text);
        },
      };

  // In a chat editing an agent, an example can become one of the agent's scenario tests: its line must get its
  // reaction (the reaction's token, as the protocol made from the draft writes it).
  const { notify } = useToast();
  const addScenario = useAddScenario(chat.bloomId);
  const scenario: ScenarioAction | undefined =
    chat.bloomId === null
      ? undefined
      : {
          busy: addScenario.isPending,
          onAdd: (instruction, sample) => {
            const reaction =
              chat.draft.reactions.find((r) => r.name.toLowerCase() === sample.reaction.toLowerCase())
                ?.name ?? sample.reaction;
            addScenario.mutate(
              { instruction, inputs: [{ text: sample.input }], expect: `${reaction}_` },
              {
                onSuccess: () => notify(t('draft.scenarioAdded', { replace: { input: sample.input } })),
                onError: (error) => notify(apiErrorMessage(t, error), 'error'),
              },
            );
          },
        };

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
            {!closed && waiting > 0 && (
              <p className="designer__offers">{t('draft.offers.pending', { replace: { count: waiting } })}</p>
            )}
            <LiveRegion>{announcement && <p className="visually-hidden">{announcement}</p>}</LiveRegion>
            <LiveRegion assertive>
              {save.isError && <Banner tone="error">{apiErrorMessage(t, save.error)}</Banner>}
            </LiveRegion>
            <DraftSummary draft={chat.draft} offers={offers} scenario={scenario} />
          </div>
          <div className="chat-pane__foot">
            <GenerateBloom chat={chat} blockedReason={blockedReason} />
          </div>
        </>
      )}
    </section>
  );
}
