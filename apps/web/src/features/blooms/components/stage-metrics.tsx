import type { BloomStage, TrainingMetrics } from '@greenhouse/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatCompact, formatFileSize, formatInteger, formatLoss, formatPercent } from '../../../lib/format';
import { stageMetrics } from '../training-metrics';
import './stage-metrics.css';

interface Fact {
  key: string;
  term: string;
  value: string;
}

/** The metrics worth a glance, in a fixed order, each only when the stage measured it. */
function metricFacts(metrics: TrainingMetrics, t: TFunction, language: string): Fact[] {
  const facts: Fact[] = [];
  const add = (key: string, value: string | null) => {
    if (value !== null) facts.push({ key, term: t(`stageMetrics.${key}`), value });
  };
  const finite = (value: number | null | undefined): value is number =>
    typeof value === 'number' && Number.isFinite(value);

  add('parameters', finite(metrics.parameters) ? formatCompact(metrics.parameters, language) : null);
  add('steps', finite(metrics.steps) ? formatInteger(metrics.steps, language) : null);
  add(
    'tokensPerSecond',
    finite(metrics.tokensPerSecond) ? formatInteger(metrics.tokensPerSecond, language) : null,
  );
  add('trainLoss', finite(metrics.trainLoss) ? formatLoss(metrics.trainLoss, language) : null);
  add('validationLoss', finite(metrics.validationLoss) ? formatLoss(metrics.validationLoss, language) : null);
  add(
    'reactionAccuracy',
    finite(metrics.reactionAccuracy)
      ? formatPercent(Math.min(1, Math.max(0, metrics.reactionAccuracy)) * 100, language)
      : null,
  );
  add(
    'trainReactionAccuracy',
    finite(metrics.trainReactionAccuracy)
      ? formatPercent(Math.min(1, Math.max(0, metrics.trainReactionAccuracy)) * 100, language)
      : null,
  );
  add(
    'vocabularySize',
    finite(metrics.vocabularySize) ? formatInteger(metrics.vocabularySize, language) : null,
  );
  add('corpusTokens', finite(metrics.corpusTokens) ? formatCompact(metrics.corpusTokens, language) : null);
  add('bytes', finite(metrics.bytes) && metrics.bytes >= 0 ? formatFileSize(metrics.bytes, language) : null);
  add('weightsFormat', metrics.weightsFormat?.trim() ? metrics.weightsFormat.trim() : null);
  return facts;
}

/**
 * A completed stage's key metrics (parameters, steps, speed, losses, held-out accuracy, vocabulary, the
 * agent file's size) as a compact definition list. Nothing for other stages, or when the stage's metrics
 * hold nothing this page knows (they are parsed leniently: odd values are left out, never thrown on).
 */
export function StageMetrics({ stage }: { stage: BloomStage }) {
  const { t, i18n } = useTranslation();
  if (stage.status !== 'completed' || !stage.metrics) return null;
  const facts = metricFacts(stageMetrics(stage), t, currentLanguage(i18n));
  if (facts.length === 0) return null;
  return (
    <dl
      className="stage-metrics"
      aria-label={t('stageMetrics.label', { stage: t(`stages.names.${stage.name}`) })}
    >
      {facts.map((fact) => (
        <div key={fact.key} className="stage-metrics__item">
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
