import clsx from 'clsx';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { ToastContext, type ToastApi, type ToastTone } from './toast-context';
import './toast.css';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

const DURATION_MS: Record<ToastTone, number> = { success: 5000, error: 9000 };

/** Holds the short-lived notifications (e.g. "Chat deleted.", download failures) and their live regions. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const notify = useCallback<ToastApi['notify']>(
    (message, tone = 'success') => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, tone }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), DURATION_MS[tone]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ notify }), [notify]);
  const byTone = (tone: ToastTone) => toasts.filter((toast) => toast.tone === tone);

  // Two live regions that always exist, so screen readers announce what is added to them.
  const region = (tone: ToastTone) => (
    <div role={tone === 'error' ? 'alert' : 'status'} className="toasts__region">
      {byTone(tone).map((toast) => (
        <div key={toast.id} className={clsx('toast', `toast--${tone}`)}>
          <p className="toast__message">{toast.message}</p>
          <button
            type="button"
            className="icon-btn toast__close"
            onClick={() => dismiss(toast.id)}
            aria-label={t('toast.dismiss')}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label={t('toast.region')}>
        {region('error')}
        {region('success')}
      </section>
    </ToastContext.Provider>
  );
}
