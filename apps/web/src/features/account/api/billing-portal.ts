import { urlResponseSchema } from '@greenhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

/**
 * GET /payment/billing-portal/url, asked for only while `enabled` (the user menu is open) and afresh each
 * time: portal addresses are short-lived. A failure simply means no purchase-history link.
 */
export function useBillingPortalUrl(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.billingPortalUrl,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/payment/billing-portal/url', { schema: urlResponseSchema, signal })).url,
    enabled,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
