import { PlusIcon, TrashIcon } from '../../../components/icons';
import './draft-editor-buttons.css';

/** Removes one row of a list in the draft editor (an icon button named by what it removes). */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-btn draft-editor__remove"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <TrashIcon width={18} height={18} />
    </button>
  );
}

/** Adds a row to a list in the draft editor; disabled once the list is full. */
export function AddButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn--outline draft-editor__add"
      disabled={disabled}
      onClick={onClick}
    >
      <PlusIcon width={18} height={18} />
      {label}
    </button>
  );
}
