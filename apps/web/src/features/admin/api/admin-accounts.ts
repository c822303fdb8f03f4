import {
  adminAccountListQuery,
  adminAccountListResponseSchema,
  adminAccountSchema,
  PAGE_SIZE,
  type AdminAccount,
  type UpdateAdminAccountRequest,
} from '@greenhouse/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The admin panel's query keys: everything under `admin`, so one invalidation refreshes it all. */
export const adminKeys = {
  all: ['admin'] as const,
  accounts: ['admin', 'accounts'] as const,
  accountList: (query: AccountListQuery) => ['admin', 'accounts', 'list', query] as const,
  account: (id: string) => ['admin', 'accounts', 'one', id] as const,
  blooms: ['admin', 'blooms'] as const,
  bloomList: (query: BloomListQuery) => ['admin', 'blooms', 'list', query] as const,
  chatList: (query: ChatListQuery) => ['admin', 'chats', 'list', query] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
};

/** The users tab's filters: each absent one is not sent. */
export interface AccountFilters {
  email?: string;
  role?: 'admin' | 'user';
  active?: boolean;
  pending?: boolean;
}

export interface AccountListQuery extends AccountFilters {
  page: number;
}

export interface ChatListQuery {
  page: number;
  userId: string;
}

export interface BloomListQuery {
  page: number;
  userId?: string;
}

/** GET /accounts: a page of 10, newest account first, with the filters (filter.email, …). */
export function useAdminAccounts(query: AccountListQuery) {
  const { page, ...filter } = query;
  return useQuery({
    queryKey: adminKeys.accountList(query),
    queryFn: ({ signal }) =>
      apiClient.get('/accounts', {
        query: {
          page,
          pageSize: PAGE_SIZE,
          sort: adminAccountListQuery.defaultSort,
          sortOrder: 'desc',
          filter: { ...filter },
        },
        schema: adminAccountListResponseSchema,
        signal,
      }),
    // The table keeps the last page on screen while the next one (or a new filter's) loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /accounts/{id}. */
export function useAdminAccount(id: string) {
  return useQuery({
    queryKey: adminKeys.account(id),
    queryFn: ({ signal }) =>
      apiClient.get(`/accounts/${encodeURIComponent(id)}`, { schema: adminAccountSchema, signal }),
    staleTime: 0,
  });
}

/** PUT /accounts/{id} with the changed fields only; the answer is the account as it is now. */
export function useUpdateAdminAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateAdminAccountRequest) =>
      apiClient.put(`/accounts/${encodeURIComponent(id)}`, { body: changes, schema: adminAccountSchema }),
    onSuccess: (account: AdminAccount) => {
      queryClient.setQueryData(adminKeys.account(id), account);
      // Lists (its row, the counts per filter) and the audit log changed with it.
      void queryClient.invalidateQueries({ queryKey: adminKeys.accounts, exact: false });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** DELETE /accounts/{id} (204): the account with its sessions, chats and agents. */
export function useDeleteAdminAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<unknown>(`/accounts/${encodeURIComponent(id)}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.account(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
