import { bloomStatusLabel, type Bloom, type BloomStage } from '@greenhouse/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { currentStage, isPipelineSettled } from '../stages';
import { BloomColumns } from './bloom-columns';
import { BloomDetails } from './bloom-details';
import { CostCard } from './cost-card';
import { StageList } from './stage-list';
import { TrainingLineCard } from './training-line-card';
import '../../../components/bloom-card/bloom-card.css';
import './bloom-view.css';

interface BloomViewProps {
  bloom: Bloom;
  onRename: () => void;
  onDelete: () => void;
  /** Share (issue 34): the Share button is shown when this is given. */
  onShare?: () => void;
  /** Shown under the stage cards, above "Go to Inference Engine" (e.g. the training's loss curve). */
  belowStages?: ReactNode;
  /** Extra content of one stage card (e.g. that stage's metrics). */
  renderStageDetails?: (stage: BloomStage) => ReactNode;
  /** Shown under the agent's details (e.g. a playground). */
  belowDetails?: ReactNode;
}

/** What a screen reader hears when the training moves on: the agent's status and the current stage. */
function useProgressAnnouncement(bloom: Bloom): string {
  const { t } = useTranslation();
  const status = t(`bloomStatus.${bloomStatusLabel(bloom)}`);
  const stage = currentStage(bloom.stages);
  if (!stage || (isPipelineSettled(bloom) && stage.status !== 'failed'))
    return t('agent.liveSettled', { status });
  return t('agent.live', {
    status,
    stage: t(`stages.names.${stage.name}`),
    stageStatus: t(`stages.status.${stage.status}`),
  });
}

/** The agent page's content: details on one side; cost, stages and the way to the engine on the other. */
export function BloomView({
  bloom,
  onRename,
  onDelete,
  onShare,
  belowStages,
  renderStageDetails,
  belowDetails,
}: BloomViewProps) {
  const { t } = useTranslation();
  const announcement = useProgressAnnouncement(bloom);
  return (
    <>
      <BloomColumns
        main={
          <BloomDetails bloom={bloom} onRename={onRename} onDelete={onDelete} onShare={onShare}>
            {belowDetails}
          </BloomDetails>
        }
        side={
          <div className="bloom-progress">
            <CostCard payment={bloom.payment} bloomId={bloom.id} />
            {bloom.trainingLine && <TrainingLineCard line={bloom.trainingLine} />}
            <StageList stages={bloom.stages} renderStageDetails={renderStageDetails} />
            {belowStages}
            <Link to={paths.flora} className="bloom-card bloom-card--link">
              {t('agent.goToEngine')}
            </Link>
          </div>
        }
      />
      {/* Percentages are left out: only a change of status or stage is announced. */}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
