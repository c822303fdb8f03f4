import { QueryClient } from '@tanstack/react-query';

/** Query keys shared across features. */
export const queryKeys = {
  user: ['user'] as const,
  chats: ['chats'] as const,
  blooms: ['blooms'] as const,
  billingPortalUrl: ['billing-portal-url'] as const,
};

// Safe defaults; each query states the spec's own options explicitly where they differ (spec §4, §9).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});
