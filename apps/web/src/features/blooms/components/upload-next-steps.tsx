import { useTranslation } from 'react-i18next';
import '../../../components/bloom-card/bloom-card.css';
import './upload-next-steps.css';

const STEPS = ['check', 'price', 'train', 'download'] as const;

/**
 * Beside the upload form, what happens once a file is sent. The cost card waits until there is an agent to
 * price: before the upload it could only say "N/A, not started", which reads like a bill that failed.
 */
export function UploadNextSteps() {
  const { t } = useTranslation();
  return (
    <section className="bloom-card upload-next-steps" aria-labelledby="upload-next-steps-heading">
      <h2 id="upload-next-steps-heading" className="bloom-card__label">
        {t('newAgent.nextSteps.heading')}
      </h2>
      <ol className="upload-next-steps__list">
        {STEPS.map((step) => (
          <li key={step}>{t(`newAgent.nextSteps.${step}`)}</li>
        ))}
      </ol>
    </section>
  );
}
