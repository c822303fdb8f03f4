import clsx from 'clsx';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, FileIcon, PlusIcon } from '../../../components/icons';
import { currentLanguage } from '../../../lib/i18n';
import { formatFileSize } from '../../../lib/format';
import './file-drop-zone.css';

interface FileDropZoneProps {
  file: File | null;
  /** A file was chosen or dropped (null: removed); the field counts as touched then. */
  onFile: (file: File | null) => void;
  /** Several files were dropped at once. */
  onManyFiles: () => void;
  /** The user was here and left without a file (picker cancelled, focus moved on, file removed). */
  onTouched: () => void;
  /** Ids of the texts that describe the zone: its hint and its error. */
  describedBy: string;
  invalid: boolean;
  disabled?: boolean;
}

const ACCEPT = '.json,application/json';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Where the protocol file goes: a button that opens the file picker (so it works from the keyboard and is
 * announced as what it is) and a drop target for a dragged file. A chosen file is shown with its name and
 * size, with a button to remove it; dropping or picking again replaces it.
 */
export function FileDropZone({
  file,
  onFile,
  onManyFiles,
  onTouched,
  describedBy,
  invalid,
  disabled,
}: FileDropZoneProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const zoneRef = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);

  // A picker closed without a choice counts as having been here (React has no onCancel for inputs).
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.addEventListener('cancel', onTouched);
    return () => input.removeEventListener('cancel', onTouched);
  }, [onTouched]);

  const take = (files: FileList | null | undefined) => {
    if (!files || files.length === 0) return;
    if (files.length > 1) onManyFiles();
    else onFile(files[0] ?? null);
  };

  const onDragOver = (event: DragEvent) => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <div
      className={clsx('drop-zone', dragging && 'drop-zone--over', invalid && 'drop-zone--invalid')}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDragging(false);
        take(event.dataTransfer?.files);
        zoneRef.current?.focus();
      }}
    >
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          take(event.currentTarget.files);
          // Cleared, so picking the same file again (after removing it) is a change too.
          event.currentTarget.value = '';
        }}
      />
      <button
        ref={zoneRef}
        type="button"
        className="drop-zone__button"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        onBlur={(event) => {
          // Focus moving to another control of the page; not the window losing it to the file picker.
          if (event.relatedTarget) onTouched();
        }}
      >
        {file ? (
          <>
            <FileIcon width={28} height={28} className="drop-zone__icon" />
            <span className="drop-zone__title drop-zone__file-name">{file.name}</span>
            <span className="drop-zone__size">{formatFileSize(file.size, currentLanguage(i18n))}</span>
            <span className="drop-zone__hint">{t('newAgent.replaceHint')}</span>
          </>
        ) : (
          <>
            <PlusIcon width={28} height={28} className="drop-zone__icon" />
            <span className="drop-zone__title">
              {dragging ? t('newAgent.dropRelease') : t('newAgent.dropTitle')}
            </span>
            <span className="drop-zone__hint">{t('newAgent.dropHint')}</span>
          </>
        )}
      </button>
      {file && (
        <button
          type="button"
          className="icon-btn drop-zone__remove"
          aria-label={t('newAgent.removeFile', { name: file.name })}
          disabled={disabled}
          onClick={() => {
            onFile(null);
            zoneRef.current?.focus();
          }}
        >
          <CloseIcon width={18} height={18} />
        </button>
      )}
    </div>
  );
}
