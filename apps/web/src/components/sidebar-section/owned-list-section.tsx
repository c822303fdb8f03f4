import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import {
  useDeleteOwned,
  useOwnedList,
  type OwnedItem,
  type OwnedList,
  type OwnedPage,
} from '../../lib/owned-list';
import { DeleteDialog } from '../delete-dialog/delete-dialog';
import { MoreIcon } from '../icons';
import { InfiniteList } from '../infinite-list/infinite-list';
import { Menu, type MenuItem } from '../menu/menu';
import { useToast } from '../toast/toast-context';
import { SidebarRow } from './sidebar-row';
import { SidebarSection, type SidebarSectionProps } from './sidebar-section';

interface OwnedListSectionProps<
  Page extends OwnedPage,
  Item extends OwnedItem<Field>,
  Field extends string,
> extends Omit<SidebarSectionProps, 'total' | 'children'> {
  list: OwnedList<Page, Item, Field>;
  /** i18n keys of the list's accessible name, its text when empty and when it failed to load. */
  listTexts: { list: string; empty: string; loadFailed: string };
  /**
   * i18n keys of a row's actions menu (given the item's label field, e.g. `{ name }`) and the prefix of the
   * delete dialog's `.title`, `.message` (likewise given the label) and `.deleted` (the toast).
   */
  itemTexts: { actions: string; deleteDialog: string };
  /** An item's page, the route pattern of the open one, and where to go once the open item is deleted. */
  routes: { item: (id: string) => string; open: string; afterDelete: string };
  /** Before and after a row's label, e.g. a spinner or a status. */
  leading?: (item: Item) => ReactNode;
  trailing?: (item: Item) => ReactNode;
  /** A row's menu items after Edit and Delete. */
  moreActions?: (item: Item) => MenuItem[];
  /** The edit dialog of an item. */
  renderEdit: (item: Item, onClose: () => void) => ReactNode;
}

/**
 * A sidebar section with a user's list (docs/product-rules.md §2): its header, the items page by page, each
 * with an actions menu that edits or deletes it. Deleting the open item leaves its page.
 */
export function OwnedListSection<Page extends OwnedPage, Item extends OwnedItem<Field>, Field extends string>(
  props: OwnedListSectionProps<Page, Item, Field>,
) {
  const { list, listTexts, itemTexts, routes, leading, trailing, moreActions, renderEdit, ...header } = props;
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const open = useMatch(routes.open);
  const query = useOwnedList(list);
  const remove = useDeleteOwned(list);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const items = query.data?.items ?? [];
  /** The texts' placeholder: the item's label field, e.g. { name: 'Helper' }. */
  const labelOf = (item: Item): Record<string, string> => ({ [list.field]: item[list.field] });

  return (
    <SidebarSection {...header} total={query.data?.total}>
      <InfiniteList
        label={t(listTexts.list)}
        isPending={query.isPending}
        isError={query.isError && !query.data}
        isEmpty={items.length === 0}
        emptyText={t(listTexts.empty)}
        errorText={t(listTexts.loadFailed)}
        onRetry={() => void query.refetch()}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
      >
        {items.map((item) => (
          <SidebarRow
            key={item.id}
            to={routes.item(item.id)}
            label={item[list.field]}
            leading={leading?.(item)}
            trailing={trailing?.(item)}
            actions={
              <Menu
                label={t(itemTexts.actions, labelOf(item))}
                trigger={<MoreIcon />}
                triggerClassName="icon-btn side-row__actions"
                items={[
                  { key: 'edit', label: t('sidebar.edit'), onSelect: () => setEditing(item) },
                  {
                    key: 'delete',
                    label: t('sidebar.delete'),
                    tone: 'danger',
                    onSelect: () => setDeleting(item),
                  },
                  ...(moreActions?.(item) ?? []),
                ]}
              />
            }
          />
        ))}
      </InfiniteList>

      {editing && renderEdit(editing, () => setEditing(null))}
      {deleting && (
        <DeleteDialog
          title={t(`${itemTexts.deleteDialog}.title`)}
          message={t(`${itemTexts.deleteDialog}.message`, labelOf(deleting))}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            notify(t(`${itemTexts.deleteDialog}.deleted`));
            // The open item is gone: leave its page.
            if (open?.params.id === deleting.id) void navigate(routes.afterDelete, { replace: true });
          }}
        />
      )}
    </SidebarSection>
  );
}
