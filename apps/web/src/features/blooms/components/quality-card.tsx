import type { BloomStage, TrainingQuality } from '@greenhouse/contracts';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { reactionLabel } from '../../../lib/reaction-label';
import { formatInteger } from '../../../lib/format';
import {
  answeredRefusal,
  expectsRefusal,
  finetuningQuality,
  qualityRating,
  weakestReaction,
} from '../quality';
import '../../../components/bloom-card/bloom-card.css';
import './quality-card.css';

/** Input lines of one example, as one phrase. */
const PHRASE_SEPARATOR = ' / ';

/**
 * How well the trained agent understands phrasings it was not shown, in plain words: a rating, how many of
 * the left-out examples the check models answered right (and how they were left out), the ones they missed,
 * and which reaction wants more examples. Shown once finetuning is completed; when the protocol had too few
 * examples to check, it says so. Nothing for an agent trained before the check existed.
 */
export function QualityCard({ stages }: { stages: readonly BloomStage[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const quality = finetuningQuality(stages);
  if (quality === undefined) return null;

  return (
    <section className="bloom-card bloom-card--form quality" aria-labelledby={headingId}>
      <h2 id={headingId} className="quality__heading">
        {t('quality.heading')}
      </h2>
      {quality === null ? (
        <p className="quality__text">{t('quality.tooFew')}</p>
      ) : (
        <QualityReport quality={quality} />
      )}
    </section>
  );
}

/** What a check model answered instead, by the reactions' names; a refusal as one, never its key line. */
function missOutcome(t: TFunction, quality: TrainingQuality, miss: TrainingQuality['misses'][number]) {
  const expected = reactionLabel(miss.expectedName);
  const got = reactionLabel(miss.gotName);
  if (miss.got.trim() === '') return t('quality.miss.noReaction', { expected });
  if (expectsRefusal(quality, miss)) return t('quality.miss.expectedRefusal', { got });
  if (answeredRefusal(miss)) return t('quality.miss.refused', { expected });
  return t('quality.miss.answered', { expected, got });
}

function QualityReport({ quality }: { quality: TrainingQuality }) {
  const { t, i18n } = useTranslation();
  const missesId = useId();
  const refusedId = useId();
  const language = currentLanguage(i18n);
  const rating = qualityRating(quality);
  const weakest = weakestReaction(quality);
  const unlisted = Math.max(0, quality.measured - quality.right - quality.misses.length);
  // A check that lists on-topic refusals shows them apart; its misses list the other mistakes.
  const refused = quality.refusedOnTopic ?? [];
  const misses = quality.refusedOnTopic
    ? quality.misses.filter((miss) => !(answeredRefusal(miss) && !expectsRefusal(quality, miss)))
    : quality.misses;
  const inTen = quality.measured > 0 ? Math.round((10 * quality.right) / quality.measured) : 0;

  return (
    <>
      <p className="quality__rating">
        {t('quality.ratingLabel')}{' '}
        <strong className="quality__badge" data-rating={rating}>
          {t(`quality.rating.${rating}`)}
        </strong>
      </p>
      <p className="quality__summary">{t('quality.understands', { n: formatInteger(inTen, language) })}</p>
      <p className="quality__text">
        {t('quality.counts', {
          right: formatInteger(quality.right, language),
          measured: formatInteger(quality.measured, language),
        })}{' '}
        {t(quality.method === 'k-fold' ? 'quality.method.kFold' : 'quality.method.heldOut')}{' '}
        {t('quality.shipped')}
      </p>

      {refused.length > 0 && (
        <div className="quality__misses">
          <h3 id={refusedId} className="quality__subheading">
            {t('quality.refusedHeading')}
          </h3>
          <ul className="quality__list" aria-labelledby={refusedId}>
            {refused.map((r, index) => (
              <li key={index} className="quality__miss">
                <span className="quality__phrase">
                  {t('quality.phrase', { phrase: r.inputs.join(PHRASE_SEPARATOR) })}
                </span>{' '}
                <span className="quality__outcome">
                  {t('quality.miss.refused', { expected: reactionLabel(r.expectedName) })}
                </span>
              </li>
            ))}
          </ul>
          <p className="quality__hint">{t('quality.refusedHint')}</p>
        </div>
      )}

      {misses.length > 0 && (
        <div className="quality__misses">
          <h3 id={missesId} className="quality__subheading">
            {t('quality.missesHeading')}
          </h3>
          <ul className="quality__list" aria-labelledby={missesId}>
            {misses.map((miss, index) => (
              <li key={index} className="quality__miss">
                <span className="quality__phrase">
                  {t('quality.phrase', { phrase: miss.inputs.join(PHRASE_SEPARATOR) })}
                </span>{' '}
                <span className="quality__outcome">{missOutcome(t, quality, miss)}</span>
              </li>
            ))}
          </ul>
          {unlisted > 0 && (
            <p className="quality__more">
              {t('quality.moreMisses', { n: formatInteger(unlisted, language) })}
            </p>
          )}
        </div>
      )}

      {weakest && (
        <p className="quality__hint">
          {weakest.refusal
            ? t('quality.hintRefusal')
            : t('quality.hint', { name: reactionLabel(weakest.name) })}
        </p>
      )}
    </>
  );
}
