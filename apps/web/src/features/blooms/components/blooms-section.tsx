import { bloomStatusLabel, type Bloom } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { DeleteDialog } from '../../../components/delete-dialog/delete-dialog';
import { MoreIcon } from '../../../components/icons';
import { InfiniteList } from '../../../components/infinite-list/infinite-list';
import { Menu, type MenuItem } from '../../../components/menu/menu';
import { SidebarRow } from '../../../components/sidebar-section/sidebar-row';
import { SidebarSection } from '../../../components/sidebar-section/sidebar-section';
import { useToast } from '../../../components/toast/toast-context';
import { uniqueById } from '../../../lib/pagination';
import { useBloomList, useDeleteBloom } from '../api/blooms';
import { downloadBloomJson, downloadErrorKey } from '../api/download-bloom';
import { EditBloomDialog } from './edit-bloom-dialog';

/** The sidebar's Agents section (spec §2): AGENTS, NEW AGENT and the agent list with status labels. */
export function BloomsSection() {
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const openAgent = useMatch('/agent/:id');
  const list = useBloomList();
  const deleteBloom = useDeleteBloom();
  const [editing, setEditing] = useState<Bloom | null>(null);
  const [deleting, setDeleting] = useState<Bloom | null>(null);

  const pages = list.data?.pages ?? [];
  const blooms = uniqueById(pages.flatMap((page) => page.blooms));

  const download = async (bloom: Bloom) => {
    try {
      await downloadBloomJson(bloom);
    } catch (error) {
      notify(t(downloadErrorKey(error)), 'error');
    }
  };

  const actionsFor = (bloom: Bloom): MenuItem[] => [
    { key: 'edit', label: t('sidebar.edit'), onSelect: () => setEditing(bloom) },
    { key: 'delete', label: t('sidebar.delete'), tone: 'danger', onSelect: () => setDeleting(bloom) },
    ...(bloom.downloadURL
      ? [{ key: 'download', label: t('sidebar.downloadJson'), onSelect: () => void download(bloom) }]
      : []),
  ];

  return (
    <SidebarSection
      title={t('sidebar.agents')}
      total={pages.at(-1)?.total}
      newLink={{ to: paths.newAgent, label: t('sidebar.newAgent') }}
    >
      <InfiniteList
        label={t('sidebar.agents')}
        isPending={list.isPending}
        isError={list.isError && !list.data}
        isEmpty={blooms.length === 0}
        emptyText={t('sidebar.noAgents')}
        errorText={t('sidebar.loadAgentsFailed')}
        onRetry={() => void list.refetch()}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      >
        {blooms.map((bloom) => {
          const status = bloomStatusLabel(bloom);
          return (
            <SidebarRow
              key={bloom.id}
              to={paths.agent(bloom.id)}
              label={bloom.name}
              trailing={
                <span className={`side-status side-status--${status}`}>{t(`bloomStatus.${status}`)}</span>
              }
              actions={
                <Menu
                  label={t('sidebar.agentActions', { name: bloom.name })}
                  trigger={<MoreIcon />}
                  triggerClassName="icon-btn side-row__actions"
                  items={actionsFor(bloom)}
                />
              }
            />
          );
        })}
      </InfiniteList>

      {editing && <EditBloomDialog bloom={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteDialog
          title={t('dialogs.deleteAgent.title')}
          message={t('dialogs.deleteAgent.message', { name: deleting.name })}
          onConfirm={() => deleteBloom.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            notify(t('dialogs.deleteAgent.deleted'));
            if (openAgent?.params.id === deleting.id) void navigate(paths.newAgent, { replace: true });
          }}
        />
      )}
    </SidebarSection>
  );
}
