import { formatDateTime, type Bloom } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { RenameDialog } from '../../../components/dialog/rename-dialog';
import { bloomList } from '../api/blooms';

/**
 * Edit agent: its name, with the dataset name and creation date read-only (docs/product-rules.md §2 Modals).
 * Save is disabled while the form is invalid or submitting (docs/product-rules.md §5).
 */
export function EditBloomDialog({ bloom, onClose }: { bloom: Bloom; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RenameDialog list={bloomList} item={bloom} texts="dialogs.editAgent" onClose={onClose}>
      <dl className="dialog__details">
        <dt>{t('dialogs.editAgent.dataset')}</dt>
        <dd>{bloom.dataset.name}</dd>
        <dt>{t('dialogs.editAgent.created')}</dt>
        <dd>
          <time dateTime={bloom.createdAt}>{formatDateTime(bloom.createdAt)}</time>
        </dd>
      </dl>
    </RenameDialog>
  );
}
