import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteDialog } from '../../components/delete-dialog/delete-dialog';
import { Loader } from '../../components/loader/loader';
import { RetryBanner } from '../../components/notice/retry-banner';
import { useToast } from '../../components/toast/toast-context';
import { isBloomNotFound, useBloom, useDeleteBloom } from '../../features/blooms/api/blooms';
import { BloomColumns } from '../../features/blooms/components/bloom-columns';
import { BloomScenarios } from '../../features/blooms/components/bloom-scenarios';
import { BloomView } from '../../features/blooms/components/bloom-view';
import { CompareVersions } from '../../features/blooms/components/compare-versions';
import { DeviceFitCard } from '../../features/blooms/components/device-fit-card';
import { EditBloomDialog } from '../../features/blooms/components/edit-bloom-dialog';
import { LossChart } from '../../features/blooms/components/loss-chart';
import { QualityCard } from '../../features/blooms/components/quality-card';
import { ShareDialog } from '../../features/blooms/components/share-dialog';
import { StageMetrics } from '../../features/blooms/components/stage-metrics';
import { UploadForm } from '../../features/blooms/components/upload-form';
import { UploadNextSteps } from '../../features/blooms/components/upload-next-steps';
import { VersionsCard } from '../../features/blooms/components/versions-card';
import { PairPlayground } from '../../features/flora/components/pair-playground';
import { Playground } from '../../features/flora/components/playground';
import { isPipelineSettled } from '../../features/blooms/stages';
import { usePaymentReturn } from '../../features/blooms/use-payment-return';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../lib/paths';
import '../../components/bloom-card/bloom-card.css';
import './bloom-screens.css';

/** /agent/new: the upload form, beside what happens after the upload (no cost card before there is an agent). */
export function NewBloomScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.newAgent'));
  return (
    <>
      <h1 className="visually-hidden">{t('newAgent.heading')}</h1>
      <BloomColumns main={<UploadForm />} side={<UploadNextSteps />} />
    </>
  );
}

/** /agent/{id}: one screen per agent, so nothing (an open dialog, a pause) carries over to another. */
export function BloomScreen() {
  const { id = '' } = useParams();
  return <AgentPage key={id} id={id} />;
}

function AgentPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'share' | null>(null);
  // While its delete runs the agent is not fetched: a poll would find it gone and flash "not found".
  const [deleting, setDeleting] = useState(false);
  const query = useBloom(id, { enabled: !deleting });
  // Back from the checkout (?payment=success): the payment is reconciled once, then the parameter goes.
  usePaymentReturn(id);
  const deleteBloom = useDeleteBloom();
  const bloom = query.data;
  useDocumentTitle(bloom?.name ?? t('titles.agent'));

  if (isBloomNotFound(query.error)) return <AgentNotFound />;
  if (!bloom) {
    if (query.isError) {
      return (
        <div className="bloom-state">
          <RetryBanner
            text={t('agent.loadFailed')}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </div>
      );
    }
    return (
      <div className="bloom-state bloom-state--loading">
        <Loader size="medium" />
      </div>
    );
  }

  return (
    <>
      <BloomView
        bloom={bloom}
        onRename={() => setDialog('rename')}
        onDelete={() => setDialog('delete')}
        // A link serves the agent's current version: offered once there is one to download.
        onShare={bloom.downloadURL ? () => setDialog('share') : undefined}
        renderStageDetails={(stage) => <StageMetrics stage={stage} />}
        belowStages={<LossChart stages={bloom.stages} />}
        belowDetails={
          <>
            {query.isRefetchError && !isPipelineSettled(bloom) && (
              <p className="bloom-details__muted" role="status">
                {t('agent.refreshFailed')}
              </p>
            )}
            <QualityCard stages={bloom.stages} />
            {bloom.deviceFit !== undefined && <DeviceFitCard fit={bloom.deviceFit} />}
            {bloom.dataset.model.status === 'completed' && bloom.downloadURL && <Playground bloom={bloom} />}
            {(isPipelineSettled(bloom) || bloom.versions.length > 1) && (
              <>
                <VersionsCard bloom={bloom} />
                <CompareVersions
                  bloom={bloom}
                  renderPlayground={({ a, b }) => (
                    <PairPlayground
                      bloomId={bloom.id}
                      a={{ number: a.number, downloadURL: a.downloadURL! }}
                      b={{ number: b.number, downloadURL: b.downloadURL! }}
                    />
                  )}
                />
                {bloom.dataset.status === 'ready' && <BloomScenarios bloom={bloom} />}
              </>
            )}
          </>
        }
      />
      {dialog === 'rename' && <EditBloomDialog bloom={bloom} onClose={() => setDialog(null)} />}
      {dialog === 'share' && <ShareDialog bloom={bloom} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteDialog
          title={t('dialogs.deleteAgent.title')}
          message={t('dialogs.deleteAgent.message', { name: bloom.name })}
          onConfirm={async () => {
            setDeleting(true);
            try {
              await deleteBloom.mutateAsync(bloom.id);
            } catch (error) {
              setDeleting(false);
              throw error;
            }
          }}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            notify(t('dialogs.deleteAgent.deleted'));
            void navigate(paths.newAgent, { replace: true });
          }}
        />
      )}
    </>
  );
}

/** A missing agent, or someone else's (the API answers both with 404). */
function AgentNotFound() {
  const { t } = useTranslation();
  return (
    <section className="bloom-card bloom-card--form bloom-state" aria-labelledby="agent-not-found">
      <h1 id="agent-not-found" className="bloom-state__heading">
        {t('agent.notFound.heading')}
      </h1>
      <p className="bloom-state__text">{t('agent.notFound.text')}</p>
      <Link to={paths.newAgent} className="btn btn--primary">
        {t('agent.notFound.link')}
      </Link>
    </section>
  );
}
