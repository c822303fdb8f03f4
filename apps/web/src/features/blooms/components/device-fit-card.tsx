import type { DeviceFigures, DeviceFit } from '@greenhouse/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatCompact, formatFileSize, formatInteger, formatMilliseconds } from '../../../lib/format';
import '../../../components/bloom-card/bloom-card.css';
import './device-fit-card.css';

/**
 * What the trained agent costs to run (issue 33), as the server measured it at export, one thread: its file size
 * and parameters, and per engine (Flora-JS, Flora native) the memory over a bare process, tokens/s and time to the
 * first token — a table with row and column headings. Null (not measured): it says so.
 */
export function DeviceFitCard({ fit }: { fit: DeviceFit | null }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = currentLanguage(i18n);
  return (
    <section className="bloom-card bloom-card--form device-fit" aria-labelledby={headingId}>
      <h2 id={headingId} className="device-fit__heading">
        {t('deviceFit.heading')}
      </h2>
      {fit === null ? (
        <p className="device-fit__note">{t('deviceFit.notMeasured')}</p>
      ) : (
        <>
          <p className="device-fit__note">{t('deviceFit.intro')}</p>
          <dl className="device-fit__facts">
            <div>
              <dt>{t('deviceFit.fileSize')}</dt>
              <dd>{formatFileSize(fit.fileBytes, language)}</dd>
            </div>
            <div>
              <dt>{t('deviceFit.parameters')}</dt>
              <dd>{formatCompact(fit.parameters, language)}</dd>
            </div>
          </dl>
          <table className="device-fit__table">
            <thead>
              <tr>
                <th scope="col">{t('deviceFit.engine')}</th>
                <th scope="col">{t('deviceFit.memory')}</th>
                <th scope="col">{t('deviceFit.tokensPerSecond')}</th>
                <th scope="col">{t('deviceFit.firstToken')}</th>
              </tr>
            </thead>
            <tbody>
              <EngineRow name={t('deviceFit.js')} figures={fit.js} language={language} />
              {fit.native ? (
                <EngineRow name={t('deviceFit.native')} figures={fit.native} language={language} />
              ) : (
                <tr>
                  <th scope="row">{t('deviceFit.native')}</th>
                  <td colSpan={3}>{t('deviceFit.nativeMissing')}</td>
                </tr>
              )}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function EngineRow({ name, figures, language }: { name: string; figures: DeviceFigures; language: string }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{formatFileSize(figures.memoryBytes, language)}</td>
      <td>{formatInteger(figures.tokensPerSecond, language)}</td>
      <td>{formatMilliseconds(figures.firstTokenMs, language)}</td>
    </tr>
  );
}
