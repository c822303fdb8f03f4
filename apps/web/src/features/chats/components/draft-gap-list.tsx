import type { DraftGap } from '@greenhouse/mtp';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckCircleIcon } from '../../../components/icons';
import { gapText } from '../draft-gaps';
import './draft-gap-list.css';

/** "What is still missing": the draft's gaps in the UI's language, or that nothing is. */
export function DraftGapList({ gaps, id }: { gaps: readonly DraftGap[]; id?: string }) {
  const { t } = useTranslation();
  return (
    <section className="gaps" aria-labelledby={id} data-complete={gaps.length === 0}>
      <h3 id={id} className="gaps__title">
        {gaps.length === 0 ? <CheckCircleIcon /> : <AlertIcon />}
        {t('draft.missingHeading')}
      </h3>
      {gaps.length === 0 ? (
        <p className="gaps__none">{t('draft.nothingMissing')}</p>
      ) : (
        <ul className="gaps__list">
          {gaps.map((gap, index) => (
            <li key={index}>{gapText(t, gap)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
