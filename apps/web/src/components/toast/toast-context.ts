import { createContext, useContext } from 'react';

export type ToastTone = 'success' | 'error';

export interface ToastApi {
  /** Shows a short message; errors are announced assertively, successes politely. */
  notify: (message: string, tone?: ToastTone) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
