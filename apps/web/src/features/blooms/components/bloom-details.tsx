import { bloomStatusLabel, formatDateTime, type Bloom } from '@greenhouse/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilIcon, ShareIcon, TrashIcon } from '../../../components/icons';
import { SummaryCard } from './summary-card';
import { DownloadTiles } from './download-tiles';
import './bloom-details.css';

interface BloomDetailsProps {
  bloom: Bloom;
  onRename: () => void;
  onDelete: () => void;
  /** Share (issue 34): shown only when given, i.e. once the agent has a version to download. */
  onShare?: () => void;
  /** More sections under the details (e.g. a playground once the agent can run). */
  children?: ReactNode;
}

function DateTime({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (!value) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('agent.notYet')}</span>
      </>
    );
  }
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/**
 * The agent's page heading and facts: AGENT and its name (the page's h1) with share, rename and delete, then
 * status (the sidebar's label), created, completed, summary and downloads.
 */
export function BloomDetails({ bloom, onRename, onDelete, onShare, children }: BloomDetailsProps) {
  const { t } = useTranslation();
  const status = bloomStatusLabel(bloom);
  return (
    <section className="bloom-details" aria-labelledby="agent-name">
      <div className="bloom-details__head">
        <div className="bloom-details__title">
          <p className="bloom-details__eyebrow">{t('agent.eyebrow')}</p>
          <h1 id="agent-name" className="bloom-details__name">
            {bloom.name}
          </h1>
        </div>
        <div className="bloom-details__actions" role="group" aria-label={t('agent.actions')}>
          {onShare && (
            <button type="button" className="ghost-btn" onClick={onShare}>
              <ShareIcon width={16} height={16} />
              {t('agent.share')}
            </button>
          )}
          <button type="button" className="ghost-btn" onClick={onRename}>
            <PencilIcon width={16} height={16} />
            {t('agent.rename')}
          </button>
          <button type="button" className="ghost-btn ghost-btn--danger" onClick={onDelete}>
            <TrashIcon width={16} height={16} />
            {t('agent.delete')}
          </button>
        </div>
      </div>

      <dl className="bloom-details__facts">
        <div className="bloom-details__fact">
          <dt>{t('agent.status')}</dt>
          <dd>
            <span className={`bloom-status bloom-status--${status}`}>{t(`bloomStatus.${status}`)}</span>
          </dd>
        </div>
        <div className="bloom-details__fact">
          <dt>{t('agent.created')}</dt>
          <dd>
            <DateTime value={bloom.createdAt} />
          </dd>
        </div>
        <div className="bloom-details__fact">
          <dt>{t('agent.completed')}</dt>
          <dd>
            <DateTime value={bloom.completedAt} />
          </dd>
        </div>
        <div className="bloom-details__fact bloom-details__fact--wide">
          <dt>{t('agent.summary')}</dt>
          <dd>
            <SummaryCard summary={bloom.summary} />
          </dd>
        </div>
        <div className="bloom-details__fact bloom-details__fact--wide">
          <dt>{t('agent.download')}</dt>
          <dd>
            <DownloadTiles bloom={bloom} status={status} />
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
