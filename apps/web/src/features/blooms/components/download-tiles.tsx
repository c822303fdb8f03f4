import type { Bloom, BloomStatusLabel } from '@greenhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { downloadBloomJson, downloadErrorKey, downloadUnrealZip } from '../api/download-bloom';
import './download-tiles.css';

interface DownloadTilesProps {
  bloom: Pick<Bloom, 'id' | 'name' | 'downloadURL' | 'currentVersion'>;
  /** The agent's status (the sidebar's label): says why there is nothing to download yet. */
  status: BloomStatusLabel;
}

/** Why the agent file cannot be downloaded (yet): training still to come or under way, failed, or no URL. */
function unavailableKey(status: BloomStatusLabel): string {
  if (status === 'failed') return 'agent.downloadTrainingFailed';
  if (status === 'trained') return 'download.notAvailable';
  return 'agent.availableWhenTrained';
}

type Format = 'json' | 'unreal';

/**
 * The agent's downloads, one tile per format: the "CPU Model" saves the agent JSON as {name}.json (run by Flora);
 * "Unreal Engine — Flora plugin" saves the model folder of Flora native and the Unreal plugin as a .zip. Until
 * the agent has a download URL the tiles are disabled and say why: available when training completes, or not at
 * all after a failed training.
 */
export function DownloadTiles({ bloom, status }: DownloadTilesProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const [busy, setBusy] = useState<Format | null>(null);
  const available = Boolean(bloom.downloadURL);

  const download = async (format: Format) => {
    setBusy(format);
    try {
      if (format === 'json') await downloadBloomJson(bloom, queryClient);
      else await downloadUnrealZip(bloom, queryClient);
    } catch (error) {
      notify(t(downloadErrorKey(error)), 'error');
    } finally {
      setBusy(null);
    }
  };

  const tiles: { format: Format; wordmark: string; name: string; file: string }[] = [
    {
      format: 'json',
      wordmark: t('agent.floraWordmark'),
      name: t('agent.cpuModel'),
      file: `${bloom.name}.json`,
    },
    {
      format: 'unreal',
      wordmark: t('agent.unrealWordmark'),
      name: t('agent.unrealPlugin'),
      file: t('agent.unrealFile'),
    },
  ];
  return (
    <div className="download-tiles">
      {tiles.map((tile) => (
        <button
          key={tile.format}
          type="button"
          className="download-tile"
          disabled={!available || busy !== null}
          aria-busy={busy === tile.format || undefined}
          onClick={() => void download(tile.format)}
        >
          <span className="download-tile__wordmark" aria-hidden="true">
            {tile.wordmark}
          </span>
          <span className="download-tile__name">{tile.name}</span>
          {available ? (
            <span className={busy === tile.format ? 'download-tile__note' : 'visually-hidden'}>
              {busy === tile.format ? t('agent.downloading') : t('agent.downloadAs', { file: tile.file })}
            </span>
          ) : (
            <span className="download-tile__note">{t(unavailableKey(status))}</span>
          )}
        </button>
      ))}
    </div>
  );
}
