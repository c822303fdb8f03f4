import type { Bloom, PaymentStatus } from '@greenhouse/contracts';
import clsx from 'clsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner/spinner';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/format';
import { canPay, usePayForBloom } from '../api/payment';
import { StatusPill, type PillTone } from './status-pill';
import '../../../components/bloom-card/bloom-card.css';
import './cost-card.css';

const paymentTone: Record<PaymentStatus, PillTone> = {
  not_initialized: 'muted',
  pending: 'muted',
  processing: 'dark',
  paid: 'dark',
  expired: 'danger',
  failed: 'danger',
};

interface CostCardProps {
  payment: Bloom['payment'];
  /** The agent to pay for. */
  bloomId: string;
}

/**
 * "Total Cost: $X" with the payment status; the card also says where the agent's payment stands and offers
 * "Pay and train" while it can be paid for. (The upload screen has no agent to price yet: no cost card.)
 */
export function CostCard({ payment, bloomId }: CostCardProps) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(payment.amountCents, payment.currency, currentLanguage(i18n));
  const status = payment.status;
  return (
    <div className="bloom-card cost-card">
      <div className="cost-card__row">
        <p className="bloom-card__label">{t('agent.costLabel', { amount })}</p>
        <StatusPill tone={paymentTone[status]}>
          <span className="visually-hidden">{t('agent.paymentStatus')}: </span>
          {t(`paymentStatus.${status}`)}
        </StatusPill>
      </div>
      <PaymentActions payment={payment} bloomId={bloomId} />
    </div>
  );
}

/** What the owner can do about the payment: the state in words, and the way to the checkout. */
function PaymentActions({ payment, bloomId }: { payment: Bloom['payment']; bloomId: string }) {
  const { t } = useTranslation();
  const pay = usePayForBloom(bloomId);
  const { reset } = pay;
  const free = payment.amountCents <= 0;
  const note = free ? null : paymentNote(payment.status);
  // Pending: the checkout was opened and not finished; a new checkout session can be asked for.
  const offer = canPay(payment) ? 'pay' : payment.status === 'pending' && !free ? 'return' : null;
  // The browser leaves for the checkout; the button stays busy until then. Coming back with the Back
  // button may restore this page as it was (back/forward cache): the button is usable again.
  const leaving = pay.isPending || pay.isSuccess;

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && reset();
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);

  return (
    <>
      {/* Present from the start so a status change (after a poll) is announced politely. */}
      <p className="cost-card__note" aria-live="polite" data-status={payment.status}>
        {note && t(note)}
      </p>
      {offer && (
        <button
          type="button"
          className={clsx(
            'btn btn--block cost-card__action',
            offer === 'pay' ? 'btn--primary' : 'btn--outline',
          )}
          disabled={leaving}
          aria-busy={leaving}
          onClick={() => pay.mutate()}
        >
          {leaving && <Spinner dark={offer !== 'pay'} />}
          {leaving
            ? t('agent.payment.redirecting')
            : offer === 'pay'
              ? t('agent.payment.payAndTrain')
              : t('agent.payment.returnToCheckout')}
        </button>
      )}
      {pay.isError && (
        <p className="cost-card__error" role="alert">
          {apiErrorMessage(t, pay.error)}
        </p>
      )}
    </>
  );
}

/** The i18n key of a line about the payment's state, or null when the pill says it all (paid). */
function paymentNote(status: PaymentStatus): string | null {
  switch (status) {
    case 'not_initialized':
      return 'agent.payment.notInitialized';
    case 'pending':
      return 'agent.payment.pending';
    case 'processing':
      return 'agent.payment.processing';
    case 'expired':
      return 'agent.payment.expired';
    case 'failed':
      return 'agent.payment.failed';
    case 'paid':
      return null;
  }
}
