import type { Bloom } from '@greenhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { downloadBloomJson, downloadErrorKey } from '../api/download-bloom';

/**
 * The agent's downloads, one tile per platform: a mint "CPU Model" tile that saves the agent JSON as
 * {name}.json (run by Flora). Until the agent has a download URL the tile is disabled and says the download is
 * not available (spec §8); so does the "NPU Model" tile, a platform without a build.
 */
export function DownloadTiles({ bloom }: { bloom: Pick<Bloom, 'id' | 'name' | 'downloadURL'> }) {
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
          <span className="download-tile__note">{t('download.notAvailable')}</span>
        )}
      </button>
      {/* No NPU build of an agent exists yet: the platform is shown, and says so (spec §8). */}
      <button type="button" className="download-tile" disabled>
        <span className="download-tile__wordmark" aria-hidden="true">
          {t('agent.npuWordmark')}
        </span>
        <span className="download-tile__name">{t('agent.npuModel')}</span>
        <span className="download-tile__note">{t('download.notAvailable')}</span>
      </button>
    </div>
  );
}
