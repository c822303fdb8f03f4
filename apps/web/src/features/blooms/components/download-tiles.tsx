import type { Bloom, BloomStatusLabel } from '@greenhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { downloadBloomJson, downloadErrorKey } from '../api/download-bloom';
import './download-tiles.css';

interface DownloadTilesProps {
  bloom: Pick<Bloom, 'id' | 'name' | 'downloadURL'>;
  /** The agent's status (the sidebar's label): says why there is nothing to download yet. */
  status: BloomStatusLabel;
}

/** Why the agent file cannot be downloaded (yet): training still to come or under way, failed, or no URL. */
function unavailableKey(status: BloomStatusLabel): string {
  if (status === 'failed') return 'agent.downloadTrainingFailed';
  if (status === 'trained') return 'download.notAvailable';
  return 'agent.availableWhenTrained';
}

/**
 * The agent's downloads, one tile per platform an agent is built for: today the one "CPU Model" tile, which
 * saves the agent JSON as {name}.json (run by Flora). Until the agent has a download URL the tile is disabled
 * and says why: available when training completes, or not at all after a failed training.
 */
export function DownloadTiles({ bloom, status }: DownloadTilesProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const [busy, setBusy] = useState(false);
  const available = Boolean(bloom.downloadURL);

  const download = async () => {
    setBusy(true);
    try {
      await downloadBloomJson(bloom, queryClient);
    } catch (error) {
      notify(t(downloadErrorKey(error)), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="download-tiles">
      <button
        type="button"
        className="download-tile"
        disabled={!available || busy}
        aria-busy={busy || undefined}
        onClick={() => void download()}
      >
        <span className="download-tile__wordmark" aria-hidden="true">
          {t('agent.floraWordmark')}
        </span>
        <span className="download-tile__name">{t('agent.cpuModel')}</span>
        {available ? (
          <span className={busy ? 'download-tile__note' : 'visually-hidden'}>
            {busy ? t('agent.downloading') : t('agent.downloadAs', { file: `${bloom.name}.json` })}
          </span>
        ) : (
          <span className="download-tile__note">{t(unavailableKey(status))}</span>
        )}
      </button>
    </div>
  );
}
