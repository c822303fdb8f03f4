import { useTranslation } from 'react-i18next';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { Spinner } from '../../../components/spinner/spinner';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useDownloadAccountExport } from '../api/account-export';

/** Download my data: GET /account/export saved as one JSON file. */
export function ExportSection() {
  const { t } = useTranslation();
  const download = useDownloadAccountExport();

  return (
    <section className="profile-section" aria-labelledby="settings-export-heading">
      <h2 id="settings-export-heading" className="profile-section__heading">
        {t('settings.export.heading')}
      </h2>
      <p className="profile-section__text">{t('settings.export.text')}</p>
      <div className="profile-form__actions">
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          {download.isPending && <Spinner dark />}
          {download.isPending ? t('settings.export.preparing') : t('settings.export.button')}
        </button>
      </div>
      <LiveRegion assertive>
        {download.isError && <Banner tone="error">{apiErrorMessage(t, download.error)}</Banner>}
      </LiveRegion>
      <LiveRegion>
        {download.isSuccess && <Banner tone="success">{t('settings.export.done')}</Banner>}
      </LiveRegion>
    </section>
  );
}
