import { formatDateTime, type Bloom, type BloomVersion } from '@greenhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { apiErrorKey, errorCodeOf } from '../../../lib/api-error-message';
import { isApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { currentLanguage } from '../../../lib/i18n';
import { formatFileSize, formatInteger } from '../../../lib/format';
import { downloadBloomJson, downloadErrorKey } from '../api/download-bloom';
import { useDeleteVersion, useEditInChat, useNewVersion } from '../api/versions';
import '../../../components/bloom-card/bloom-card.css';
import './versions-card.css';

/** A version's training as the card words it. */
const statusKey: Record<BloomVersion['status'], string> = {
  pending: 'versions.status.pending',
  processing: 'versions.status.processing',
  completed: 'versions.status.completed',
  failed: 'versions.status.failed',
};

/**
 * The agent's versions (issue 33), oldest first: each one's date, training, samples, quality check, size and
 * scenario results, its download and its deletion (never the only one); which one is current, and why a newer
 * trained one is not (it fails a scenario while downloads wait on them); and the next version: edited in a chat's
 * draft editor ("Edit and retrain", when the protocol has a draft's shape) or trained from a protocol file.
 */
export function VersionsCard({ bloom }: { bloom: Bloom }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const headingId = useId();
  const fileId = useId();
  const errorId = useId();
  const newVersion = useNewVersion(bloom.id);
  const deleteVersion = useDeleteVersion(bloom.id);
  const editInChat = useEditInChat(bloom.id);
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const next = Math.max(0, ...bloom.versions.map((v) => v.number)) + 1;
  const current = bloom.downloadURL ? bloom.currentVersion : null;
  const held = bloom.versions.filter((v) => v.downloadURL && current !== null && v.number > current);

  const train = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) {
      setError(t('versions.fileRequired'));
      return;
    }
    try {
      await newVersion.mutateAsync(file);
      setFile(null);
    } catch (failure) {
      setError(t(apiErrorKey(errorCodeOf(failure))));
    }
  };

  const edit = async () => {
    setError(null);
    try {
      const chat = await editInChat.mutateAsync();
      await navigate(paths.chat(chat.id));
    } catch (failure) {
      // A protocol the draft editor cannot hold says why (two input lines, numbers, …).
      const reason =
        isApiRequestError(failure) && typeof failure.params?.reason === 'string'
          ? failure.params.reason
          : null;
      setError(
        reason
          ? t('versions.notEditable', { reason: t(`versions.notEditableReason.${reason}`) })
          : t(apiErrorKey(errorCodeOf(failure))),
      );
    }
  };

  const download = async (version: BloomVersion) => {
    setError(null);
    try {
      await downloadBloomJson(
        { name: `${bloom.name} v${version.number}`, downloadURL: version.downloadURL },
        queryClient,
      );
    } catch (failure) {
      setError(t(downloadErrorKey(failure)));
    }
  };

  return (
    <section className="bloom-card bloom-card--form versions" aria-labelledby={headingId}>
      <h2 id={headingId} className="versions__heading">
        {t('versions.heading')}
      </h2>
      {held.length > 0 && (
        <p className="versions__note" role="status">
          {t('versions.heldBack', { numbers: held.map((v) => v.number).join(', '), current })}
        </p>
      )}
      <ol className="versions__list">
        {bloom.versions.map((v) => (
          <li key={v.number} className="versions__item">
            <h3 className="versions__name">
              {t('versions.name', { n: v.number })}
              {v.number === current && <span className="versions__current"> {t('versions.current')}</span>}
            </h3>
            <dl className="versions__facts">
              <div>
                <dt>{t('versions.created')}</dt>
                <dd>
                  <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
                </dd>
              </div>
              <div>
                <dt>{t('versions.training')}</dt>
                <dd>{t(statusKey[v.status])}</dd>
              </div>
              {v.samples !== null && (
                <div>
                  <dt>{t('versions.samples')}</dt>
                  <dd>{formatInteger(v.samples, language)}</dd>
                </div>
              )}
              {v.quality && (
                <div>
                  <dt>{t('versions.quality')}</dt>
                  <dd>
                    {t('versions.qualityValue', { right: v.quality.right, measured: v.quality.measured })}
                  </dd>
                </div>
              )}
              {v.sizeBytes !== null && (
                <div>
                  <dt>{t('versions.size')}</dt>
                  <dd>{formatFileSize(v.sizeBytes, language)}</dd>
                </div>
              )}
              {v.scenarios && v.scenarios.total > 0 && (
                <div>
                  <dt>{t('versions.scenarios')}</dt>
                  <dd>{t('versions.scenariosValue', v.scenarios)}</dd>
                </div>
              )}
            </dl>
            <div className="versions__actions">
              {v.downloadURL && (
                <button type="button" className="btn btn--outline" onClick={() => void download(v)}>
                  {t('versions.download', { n: v.number })}
                </button>
              )}
              {bloom.versions.length > 1 && (
                <button type="button" className="btn btn--outline" onClick={() => setDeleting(v.number)}>
                  {t('versions.delete', { n: v.number })}
                </button>
              )}
            </div>
          </li>
        ))}
      </ol>
      <div className="versions__edit">
        <button
          type="button"
          className="btn btn--primary"
          disabled={editInChat.isPending}
          aria-describedby={error ? errorId : undefined}
          onClick={() => void edit()}
        >
          {t('versions.edit', { n: next })}
        </button>
        <p className="versions__hint">{t('versions.editHint')}</p>
      </div>
      <form className="versions__new" onSubmit={(e) => void train(e)} noValidate>
        <label htmlFor={fileId} className="versions__label">
          {t('versions.newLabel', { n: next })}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".json,application/json"
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <button type="submit" className="btn btn--primary" disabled={newVersion.isPending}>
          {t('versions.train', { n: next })}
        </button>
      </form>
      {error && (
        <p id={errorId} className="versions__error" role="alert">
          {error}
        </p>
      )}
      {deleting !== null && (
        <DeleteDialog
          title={t('versions.deleteTitle', { n: deleting })}
          message={t('versions.deleteMessage', { n: deleting, name: bloom.name })}
          onConfirm={() => deleteVersion.mutateAsync(deleting)}
          onClose={() => setDeleting(null)}
          onDeleted={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
