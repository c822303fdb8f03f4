import {
  canKeepOffer,
  dropOffers,
  keepOffers,
  pendingOffers,
  type DraftInstruction,
  type DraftOffer,
} from '@greenhouse/mtp';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import './suggested-phrasings.css';

interface SuggestedPhrasingsProps {
  /** The instruction whose offers these are (its samples give the answers a kept one takes). */
  instruction: DraftInstruction;
  /** A change is being saved: the buttons stay where they are (and keep the focus) but do nothing. */
  busy?: boolean;
  /** The instruction with the offers kept or dropped, and what to announce about it; rejects if not saved. */
  onChange: (instruction: DraftInstruction, announcement: string) => Promise<unknown> | void;
}

interface Group {
  reaction: string;
  items: { offer: DraftOffer; position: number }[];
}

/** The offers by reaction (the reaction's name as first written), in the order they first appear. */
function groupsOf(offers: readonly DraftOffer[]): Group[] {
  const groups = new Map<string, Group>();
  offers.forEach((offer, position) => {
    const key = offer.reaction.toLowerCase();
    const group = groups.get(key) ?? { reaction: offer.reaction, items: [] };
    group.items.push({ offer, position });
    groups.set(key, group);
  });
  return [...groups.values()];
}

/**
 * The phrasings a designer offered for one instruction, per reaction, each with Keep and Drop (and Keep all,
 * Drop all per reaction). Nothing here is used unless kept: a kept one becomes an example of its reaction.
 * After a change the focus goes to the phrasing that took the handled one's place (or the heading).
 */
export function SuggestedPhrasings({ instruction, busy = false, onChange }: SuggestedPhrasingsProps) {
  const { t } = useTranslation();
  const id = useId();
  const section = useRef<HTMLElement>(null);
  /** Where the focus goes once the list has changed: a reaction's group and the place in it. */
  const focusNext = useRef<{ reaction: string; index: number } | null>(null);
  const offers = pendingOffers(instruction);
  const groups = groupsOf(offers);
  /** Whether offers were shown: once the last is handled, a line says none wait (and takes the focus). */
  const [shown, setShown] = useState(false);
  if (offers.length > 0 && !shown) setShown(true);
  const allHandled = offers.length === 0 && shown;

  useEffect(() => {
    const next = focusNext.current;
    if (!next || !section.current) return;
    focusNext.current = null;
    // The phrasing now at the handled one's place in its reaction (or the one before), else the heading.
    const group = section.current.querySelector(`[data-reaction="${CSS.escape(next.reaction)}"]`);
    const items = group?.querySelectorAll('.offers__item') ?? [];
    const item = items[Math.min(next.index, items.length - 1)];
    const target =
      item?.querySelector<HTMLElement>('button:not(:disabled)') ??
      section.current.querySelector<HTMLElement>('.offers__title');
    target?.focus();
  }, [instruction]);

  if (offers.length === 0 && !allHandled) return null;

  const change = (
    next: DraftInstruction,
    announcement: string,
    focus: { reaction: string; index: number },
  ) => {
    if (busy) return;
    focusNext.current = focus;
    void Promise.resolve(onChange(next, announcement)).catch(() => {
      focusNext.current = null;
    });
  };

  if (allHandled)
    return (
      <section ref={section} className="offers offers--done" aria-labelledby={`${id}-title`}>
        <h5 id={`${id}-title`} className="offers__title" tabIndex={-1}>
          {t('draft.offers.heading')}
        </h5>
        <p className="offers__note">{t('draft.offers.none')}</p>
      </section>
    );

  return (
    <section ref={section} className="offers" aria-labelledby={`${id}-title`}>
      <div className="offers__head">
        <h5 id={`${id}-title`} className="offers__title" tabIndex={-1}>
          {t('draft.offers.heading')}
        </h5>
        <span className="offers__count">
          {t('draft.offers.waiting', { replace: { count: offers.length } })}
        </span>
      </div>
      <p className="offers__note">{t('draft.offers.note')}</p>
      {groups.map((group, g) => {
        const keepable = group.items.filter(({ offer }) => canKeepOffer(instruction, offer));
        const canKeep = keepable.length > 0;
        const positions = group.items.map((item) => item.position);
        const reactionKey = group.reaction.toLowerCase();
        const groupId = `${id}-group-${g}`;
        const replace = { reaction: group.reaction, count: group.items.length };
        return (
          <section
            key={reactionKey}
            className="offers__group"
            data-reaction={reactionKey}
            aria-labelledby={groupId}
          >
            <div className="offers__group-head">
              <h6 id={groupId} className="offers__reaction">
                <span className="visually-hidden">{t('draft.sampleReaction')}: </span>
                <span className="draft__tag">{group.reaction}</span>
                <span className="offers__group-count">
                  {t('draft.offers.waiting', { replace: { count: group.items.length } })}
                </span>
              </h6>
              <div className="offers__group-actions">
                <button
                  type="button"
                  className="btn btn--outline offers__btn"
                  aria-label={t('draft.offers.keepAllLabel', { replace })}
                  aria-disabled={busy || !canKeep ? true : undefined}
                  disabled={!canKeep}
                  onClick={() =>
                    change(
                      keepOffers(instruction, positions),
                      t('draft.offers.keptAll', { replace: { ...replace, count: keepable.length } }),
                      { reaction: reactionKey, index: 0 },
                    )
                  }
                >
                  {t('draft.offers.keepAll')}
                </button>
                <button
                  type="button"
                  className="btn btn--outline offers__btn"
                  aria-label={t('draft.offers.dropAllLabel', { replace })}
                  aria-disabled={busy || undefined}
                  onClick={() =>
                    change(dropOffers(instruction, positions), t('draft.offers.droppedAll', { replace }), {
                      reaction: reactionKey,
                      index: 0,
                    })
                  }
                >
                  {t('draft.offers.dropAll')}
                </button>
              </div>
            </div>
            {!canKeep && (
              <p className="offers__hint">
                {t(
                  instruction.samples.some((s) => s.reaction.toLowerCase() === reactionKey)
                    ? 'draft.offers.full'
                    : 'draft.offers.cannotKeep',
                  { replace: { reaction: group.reaction } },
                )}
              </p>
            )}
            <ul className="offers__list">
              {group.items.map(({ offer, position }, index) => {
                const phrasing = { phrasing: offer.input, reaction: group.reaction };
                return (
                  <li key={`${position}-${offer.input}`} className="offers__item">
                    <span className="offers__text">{offer.input}</span>
                    <span className="offers__actions">
                      <button
                        type="button"
                        className="btn btn--outline offers__btn offers__keep"
                        aria-label={t('draft.offers.keepLabel', { replace: phrasing })}
                        aria-disabled={busy || undefined}
                        disabled={!canKeepOffer(instruction, offer)}
                        onClick={() =>
                          change(
                            keepOffers(instruction, [position]),
                            t('draft.offers.kept', { replace: phrasing }),
                            { reaction: reactionKey, index },
                          )
                        }
                      >
                        <PlusIcon width={16} height={16} aria-hidden="true" />
                        {t('draft.offers.keep')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--outline offers__btn offers__drop"
                        aria-label={t('draft.offers.dropLabel', { replace: phrasing })}
                        aria-disabled={busy || undefined}
                        onClick={() =>
                          change(
                            dropOffers(instruction, [position]),
                            t('draft.offers.dropped', { replace: phrasing }),
                            { reaction: reactionKey, index },
                          )
                        }
                      >
                        <CloseIcon width={16} height={16} aria-hidden="true" />
                        {t('draft.offers.drop')}
                      </button>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
