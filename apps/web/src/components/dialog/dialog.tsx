import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusableIn, trapTab } from '../focusable';
import { CloseIcon } from '../icons';
import './dialog.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog, open while mounted (render it conditionally). Built on <dialog>.showModal(), so the page
 * behind is inert; Tab is kept inside, Escape and a click on the backdrop close it, and focus returns to
 * where it was. The element marked data-autofocus (else the first focusable one) gets focus on open.
 */
export function Dialog({ title, onClose, children }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    const initial = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(dialog)[0];
    initial?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: let React state close the dialog, so it is unmounted like any other close.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (ref.current) trapTab(event, ref.current);
        // The dialog is modal: its keys (Escape, Tab) are not for the page behind it, e.g. the sidebar
        // overlay that may have opened it.
        event.stopPropagation();
      }}
      onClick={(event) => {
        // A click on the backdrop targets the <dialog> itself; clicks inside hit the panel.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__panel surface-light">
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
