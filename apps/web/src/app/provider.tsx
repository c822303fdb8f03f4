import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { ToastProvider } from '../components/toast/toast-provider';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** Everything the screens rely on: error boundary, i18n, TanStack Query and the notifications. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </AppErrorBoundary>
  );
}
