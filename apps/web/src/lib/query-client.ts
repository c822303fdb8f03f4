import { QueryClient } from '@tanstack/react-query';

/** Query keys shared across features. */
export const queryKeys = {
  user: ['user'] as const,
  chats: ['chats'] as const,
  blooms: ['blooms'] as const,
  billingPortalUrl: ['billing-portal-url'] as const,
};

// Safe defaults; each query states its options of docs/product-rules.md §4 and §9 explicitly where they
// differ.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});
