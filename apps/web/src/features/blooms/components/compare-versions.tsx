import type { Bloom, BloomVersion } from '@greenhouse/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/loader/loader';
import { apiErrorKey, errorCodeOf } from '../../../lib/api-error-message';
import { useCompare } from '../api/versions';
import { VersionCompare } from './version-compare';
import './versions-card.css';

/** Picks two of the agent's versions (the newest two at first) and shows them side by side (VersionCompare). */
export function CompareVersions({
  bloom,
  renderPlayground,
}: {
  bloom: Bloom;
  /** Runs one input on both versions (composed by the page: the playground is another feature's). */
  renderPlayground?: (pair: { a: BloomVersion; b: BloomVersion }) => ReactNode;
}) {
  const { t } = useTranslation();
  const aId = useId();
  const bId = useId();
  const numbers = bloom.versions.map((v) => v.number);
  const [a, setA] = useState(numbers.at(-2) ?? 1);
  const [b, setB] = useState(numbers.at(-1) ?? 1);
  const [pair, setPair] = useState<{ a: number; b: number } | null>(null);
  const compare = useCompare(bloom.id, pair);
  if (numbers.length < 2) return null;
  const choice = (id: string, label: string, value: number, set: (n: number) => void) => (
    <div className="versions__choice">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => set(Number(e.target.value))}>
        {numbers.map((n) => (
          <option key={n} value={n}>
            {t('versions.name', { n })}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <form
        className="bloom-card bloom-card--form versions__new"
        aria-label={t('versions.compareForm')}
        onSubmit={(e) => {
          e.preventDefault();
          setPair({ a, b });
        }}
      >
        {choice(aId, t('versions.compareA'), a, setA)}
        {choice(bId, t('versions.compareB'), b, setB)}
        <button type="submit" className="btn btn--primary">
          {t('versions.compare')}
        </button>
      </form>
      {compare.isFetching && <Loader size="small" />}
      {compare.isError && (
        <p className="versions__error" role="alert">
          {t(apiErrorKey(errorCodeOf(compare.error)))}
        </p>
      )}
      {compare.data && !compare.isFetching && (
        <VersionCompare
          compare={compare.data}
          renderPlayground={
            renderPlayground &&
            (({ a: sa, b: sb }) => {
              const [va, vb] = [sa, sb].map((s) => bloom.versions.find((v) => v.number === s.number));
              return va?.downloadURL && vb?.downloadURL ? renderPlayground({ a: va, b: vb }) : null;
            })
          }
        />
      )}
    </>
  );
}
