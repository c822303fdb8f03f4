import { bloomStatusLabel, type Bloom } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { OwnedListSection } from '../../../components/sidebar-section/owned-list-section';
import { useToast } from '../../../components/toast/toast-context';
import { bloomList } from '../api/blooms';
import { downloadBloomJson, downloadErrorKey } from '../api/download-bloom';
import { EditBloomDialog } from './edit-bloom-dialog';

/**
 * The sidebar's Agents section (docs/product-rules.md §2): AGENTS, NEW AGENT and the agent list with status
 * labels.
 */
export function BloomsSection() {
  const { t } = useTranslation();
  const { notify } = useToast();

  const download = async (bloom: Bloom) => {
    try {
      await downloadBloomJson(bloom);
    } catch (error) {
      notify(t(downloadErrorKey(error)), 'error');
    }
  };

  return (
    <OwnedListSection
      title={t('sidebar.agents')}
      newLink={{ to: paths.newAgent, label: t('sidebar.newAgent') }}
      list={bloomList}
      listTexts={{
        list: 'sidebar.agents',
        empty: 'sidebar.noAgents',
        loadFailed: 'sidebar.loadAgentsFailed',
      }}
      itemTexts={{ actions: 'sidebar.agentActions', deleteDialog: 'dialogs.deleteAgent' }}
      routes={{ item: paths.agent, open: '/agent/:id', afterDelete: paths.newAgent }}
      trailing={(bloom) => {
        const status = bloomStatusLabel(bloom);
        return <span className={`side-status side-status--${status}`}>{t(`bloomStatus.${status}`)}</span>;
      }}
      moreActions={(bloom) =>
        bloom.downloadURL
          ? [{ key: 'download', label: t('sidebar.downloadJson'), onSelect: () => void download(bloom) }]
          : []
      }
      renderEdit={(bloom, onClose) => <EditBloomDialog bloom={bloom} onClose={onClose} />}
    />
  );
}
