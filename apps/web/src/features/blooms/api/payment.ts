import { bloomSchema, urlResponseSchema, type Bloom, type PaymentStatus } from '@greenhouse/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient, isApiRequestError } from '../../../lib/api-client';
import { bloomQueryKey, updateListedBloom } from './blooms';

/** Statuses from which the agent can be paid for (again): never started, the checkout expired or failed. */
const payableStatuses: readonly PaymentStatus[] = ['not_initialized', 'expired', 'failed'];

/** Whether the agent page offers "Pay and train": a payable status and a price above 0. */
export const canPay = (payment: Bloom['payment']): boolean =>
  payableStatuses.includes(payment.status) && payment.amountCents > 0;

/** GET /payment/bloom/{id} → the address of a new checkout session for that agent. */
export async function fetchCheckoutUrl(bloomId: string): Promise<string> {
  const { url } = await apiClient.get(`/payment/bloom/${encodeURIComponent(bloomId)}`, {
    schema: urlResponseSchema,
  });
  return url;
}

/**
 * "Pay and train": asks for a checkout session and sends the browser to it (a new session each time: the
 * server makes one per call, so pressing it again from a pending payment goes back to a checkout). Errors
 * (already paid, not found…) are left on the mutation for the button to show.
 */
export function usePayForBloom(bloomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchCheckoutUrl(bloomId),
    onSuccess: (url) => window.location.assign(url),
    // Paid meanwhile (another tab, a webhook), or gone: the agent is read again so the page shows it.
    onError: () => queryClient.invalidateQueries({ queryKey: bloomQueryKey(bloomId) }),
  });
}

/** Whether a failed call says the agent has no checkout session yet (nothing to reconcile). */
export const isPaymentNotInitialized = (error: unknown): boolean =>
  isApiRequestError(error) && error.code === 'payment.not_initialized';

/**
 * POST /payment/bloom/{id}/refresh: the server asks the provider about the agent's checkout session and
 * applies what it says (the success redirect is not trusted). The answer, the agent, replaces the cached
 * one on its page and in the sidebar's list. Null when there is no checkout session yet.
 */
export async function refreshBloomPayment(queryClient: QueryClient, bloomId: string): Promise<Bloom | null> {
  try {
    const bloom = await apiClient.post(`/payment/bloom/${encodeURIComponent(bloomId)}/refresh`, {
      schema: bloomSchema,
    });
    queryClient.setQueryData(bloomQueryKey(bloomId), bloom);
    updateListedBloom(queryClient, bloom);
    return bloom;
  } catch (error) {
    if (isPaymentNotInitialized(error)) return null;
    throw error;
  }
}
