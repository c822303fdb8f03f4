import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useToast } from '../../components/toast/toast-context';
import { useOnce } from '../../hooks/use-once';
import { apiErrorMessage } from '../../lib/api-error-message';
import { bloomQueryKey } from './api/blooms';
import { refreshBloomPayment } from './api/payment';

/** The query parameter the provider's success redirect brings back: /agent/{id}?payment=success. */
export const PAYMENT_RETURN_PARAM = 'payment';

/**
 * Back from the checkout (`?payment=success`): asks the server once to reconcile the agent's payment with
 * the provider (POST /payment/bloom/{id}/refresh), puts the answer in the agent's cache, says how it went
 * in a toast, then drops the parameter from the address (replacing the history entry), so a reload or a
 * shared link does not ask again. No checkout session (payment.not_initialized) is ignored quietly.
 */
export function usePaymentReturn(bloomId: string) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get(PAYMENT_RETURN_PARAM) === 'success';

  const result = useOnce(returned ? `payment-return:${bloomId}:${location.key}` : null, async () => {
    // A poll already on its way could answer with the agent as it was before and overwrite this one.
    const queryKey = bloomQueryKey(bloomId);
    await queryClient.cancelQueries({ queryKey });
    try {
      const bloom = await refreshBloomPayment(queryClient, bloomId);
      if (bloom?.payment.status === 'paid') notify(t('agent.payment.returnPaid'));
      else if (bloom) notify(t('agent.payment.returnConfirming'));
      // No checkout session: nothing to say; the cancelled fetch of the agent is made again.
      else void queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      notify(t('agent.payment.returnFailed', { reason: apiErrorMessage(t, error) }), 'error');
      void queryClient.invalidateQueries({ queryKey });
    }
  });

  const settled = result.status === 'success' || result.status === 'error';
  useEffect(() => {
    if (!returned || !settled) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(PAYMENT_RETURN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [returned, settled, setSearchParams]);
}
