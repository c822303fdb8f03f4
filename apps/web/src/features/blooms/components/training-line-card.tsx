import type { TrainingLine } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { trainingLineText } from '../training-line';
import '../../../components/bloom-card/bloom-card.css';

/** Where the agent waits for its next training slice, and about when its turn comes. */
export function TrainingLineCard({ line }: { line: TrainingLine }) {
  const { t, i18n } = useTranslation();
  const { place, eta } = trainingLineText(t, line, currentLanguage(i18n));
  return (
    <section className="bloom-card" aria-label={t('trainingLine.label')}>
      <p className="bloom-card__label">{place}</p>
      {eta && <p>{eta}</p>}
    </section>
  );
}
