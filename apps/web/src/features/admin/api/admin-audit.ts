import { auditListResponseSchema, PAGE_SIZE } from '@greenhouse/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-accounts';

/** GET /admin/audit: a page of what admins did, newest first. */
export function useAuditEvents(page: number) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) =>
      apiClient.get('/admin/audit', {
        query: { page, pageSize: PAGE_SIZE, sort: 'createdAt', sortOrder: 'desc' },
        schema: auditListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
