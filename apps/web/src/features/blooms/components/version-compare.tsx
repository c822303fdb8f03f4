import { formatDateTime, type VersionCompareResponse, type VersionSummary } from '@greenhouse/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatInteger, formatPercent } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { VersionDiff } from './version-diff';
import '../../../components/bloom-card/bloom-card.css';
import './version-compare.css';

interface VersionCompareProps {
  compare: VersionCompareResponse;
  /** The playground that runs one input on both versions (filled by the page that has the agent files). */
  renderPlayground?: (versions: { a: VersionSummary; b: VersionSummary }) => ReactNode;
}

/**
 * Two versions of an agent side by side (issue 33): A's and B's facts in two columns (stacked when narrow),
 * the playground slot, then what changed in the protocol from A to B. Presentational: the page fetches
 * GET /blooms/{id}/compare and passes the answer in.
 */
export function VersionCompare({ compare, renderPlayground }: VersionCompareProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const versionsId = useId();
  return (
    <section className="bloom-card bloom-card--form version-compare" aria-labelledby={headingId}>
      <h2 id={headingId} className="version-compare__heading">
        {t('compare.heading')}
      </h2>
      <h3 id={versionsId} className="visually-hidden">
        {t('compare.versionsLabel')}
      </h3>
      <div className="version-compare__versions" role="group" aria-labelledby={versionsId}>
        <VersionFacts side="a" version={compare.a} />
        <VersionFacts side="b" version={compare.b} />
      </div>
      {renderPlayground && (
        <div className="version-compare__playground">{renderPlayground({ a: compare.a, b: compare.b })}</div>
      )}
      <VersionDiff diff={compare.diff} />
    </section>
  );
}

function VersionFacts({ side, version }: { side: 'a' | 'b'; version: VersionSummary }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = currentLanguage(i18n);
  const { quality, sizeBytes, scenarios } = version;
  const facts: [label: string, value: ReactNode][] = [
    [t('compare.created'), <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>],
    [t('compare.status'), t(`compare.statuses.${version.status}`)],
    [t('compare.samples'), formatInteger(version.samples, language)],
    [
      t('compare.quality'),
      quality && quality.measured > 0
        ? t('compare.qualityValue', {
            right: formatInteger(quality.right, language),
            measured: formatInteger(quality.measured, language),
            percent: formatPercent((100 * quality.right) / quality.measured, language),
          })
        : t('compare.notMeasured'),
    ],
    [t('compare.size'), sizeBytes === null ? t('compare.noFile') : formatFileSize(sizeBytes, language)],
    [
      t('compare.scenarios'),
      scenarios && scenarios.total > 0
        ? t('compare.scenariosValue', {
            passed: formatInteger(scenarios.passed, language),
            total: formatInteger(scenarios.total, language),
          })
        : t('compare.noScenarios'),
    ],
  ];
  return (
    <section className="version-compare__version" data-side={side} aria-labelledby={headingId}>
      <h4 id={headingId} className="version-compare__version-heading">
        {t('compare.versionHeading', { side: t(`compare.side.${side}`), number: version.number })}
      </h4>
      <dl className="version-compare__facts">
        {facts.map(([label, value]) => (
          <div key={label} className="version-compare__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
