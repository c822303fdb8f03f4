import type { Bloom } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/loader/loader';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { useSaveScenarios, useScenarios } from '../api/versions';
import { ScenariosEditor } from './scenarios-editor';

/** The agent's scenario tests, loaded and saved through the API (the editor is ScenariosEditor). */
export function BloomScenarios({ bloom }: { bloom: Pick<Bloom, 'id'> }) {
  const { t } = useTranslation();
  const query = useScenarios(bloom.id);
  const save = useSaveScenarios(bloom.id);
  if (query.isError)
    return (
      <RetryBanner
        text={t('scenarios.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <Loader size="small" />;
  const { instructions, results, ...document } = query.data;
  return (
    <ScenariosEditor
      // A new version may bring other instructions: the form starts again from them (a save keeps it as it is).
      key={JSON.stringify(instructions)}
      instructions={instructions}
      document={document}
      results={results}
      onSave={(doc) => save.mutateAsync(doc)}
    />
  );
}
