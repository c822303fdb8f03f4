import type { BloomStage, WorkStatus } from '@greenhouse/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatEta, formatPercent } from '../../../lib/format';
import { orderedStages, stagePercent } from '../stages';
import { StatusPill, type PillTone } from './status-pill';
import '../../../components/bloom-card/bloom-card.css';
import './stage-list.css';

const stageTone: Record<WorkStatus, PillTone> = {
  pending: 'muted',
  processing: 'dark',
  completed: 'dark',
  failed: 'danger',
};

interface StageListProps {
  stages: readonly BloomStage[];
  /**
   * More about one stage, shown in its card under the status (e.g. the metrics a training stage measured).
   * Return null for nothing.
   */
  renderStageDetails?: (stage: BloomStage) => ReactNode;
}

/** The agent's pipeline: one card per stage, in order, each with its status, progress or failure. */
export function StageList({ stages, renderStageDetails }: StageListProps) {
  const { t } = useTranslation();
  return (
    <ol className="stage-list" aria-label={t('stages.listLabel')}>
      {orderedStages(stages).map((stage) => (
        <StageCard key={stage.name} stage={stage}>
          {renderStageDetails?.(stage)}
        </StageCard>
      ))}
    </ol>
  );
}

/** One stage: its label and status pill; a failed stage's reason, a running stage's progress bar. */
export function StageCard({ stage, children }: { stage: BloomStage; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const language = currentLanguage(i18n);
  const percent = stage.status === 'processing' ? stagePercent(stage) : null;
  const pillText =
    percent !== null
      ? t('stages.inProgressPercent', { percent: formatPercent(percent, language) })
      : t(`stages.status.${stage.status}`);

  return (
    <li className="bloom-card stage-card" data-status={stage.status}>
      <div className="stage-card__head">
        <span id={labelId} className="bloom-card__label">
          {t(`stages.names.${stage.name}`)}
        </span>
        <StatusPill tone={stageTone[stage.status]}>{pillText}</StatusPill>
      </div>
      {stage.status === 'failed' && (
        <p className="stage-card__error">
          {stage.error?.message || t('stages.failedWithoutReason')}
          {stage.error?.code && (
            <span className="stage-card__code">{t('stages.errorCode', { code: stage.error.code })}</span>
          )}
        </p>
      )}
      {stage.status === 'processing' && <StageProgress stage={stage} percent={percent} labelId={labelId} />}
      {children}
    </li>
  );
}

/** A thin bar with the percent, the steps and the time left; indeterminate while the stage cannot tell. */
function StageProgress({
  stage,
  percent,
  labelId,
}: {
  stage: BloomStage;
  percent: number | null;
  labelId: string;
}) {
  const { t, i18n } = useTranslation();
  const progress = stage.progress;
  const language = currentLanguage(i18n);
  const eta = formatEta(t, progress?.etaSeconds, language);
  const steps =
    progress && progress.totalSteps > 0
      ? t('stages.step', { step: progress.step, total: progress.totalSteps })
      : null;
  const percentText = percent !== null ? formatPercent(percent, language) : null;
  const facts = [percentText, steps, eta].filter((fact): fact is string => fact !== null);

  return (
    <div className="stage-progress">
      <div
        role="progressbar"
        className={
          percent === null ? 'stage-progress__bar stage-progress__bar--indeterminate' : 'stage-progress__bar'
        }
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={facts.length > 0 ? facts.join(', ') : undefined}
      >
        <span
          className="stage-progress__fill"
          style={percent !== null ? { width: `${percent}%` } : undefined}
        />
      </div>
      {facts.length > 0 && (
        <p className="stage-progress__facts" aria-hidden="true">
          {facts.join(' · ')}
        </p>
      )}
    </div>
  );
}
