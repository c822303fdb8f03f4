import type { Bloom, PaymentStatus } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/format';
import { StatusPill, type PillTone } from './status-pill';
import '../../../components/agent-card/agent-card.css';
import './cost-card.css';

const paymentTone: Record<PaymentStatus, PillTone> = {
  not_initialized: 'muted',
  pending: 'muted',
  processing: 'dark',
  paid: 'dark',
  expired: 'danger',
  failed: 'danger',
};

/**
 * "Total Cost: $X" with the payment status. Without a payment (a new agent not uploaded yet) the cost is
 * N/A and the status Not started, as on the original upload screen.
 */
export function CostCard({ payment }: { payment: Bloom['payment'] | null }) {
  const { t, i18n } = useTranslation();
  const amount = payment
    ? formatMoney(payment.amountCents, payment.currency, currentLanguage(i18n))
    : t('agent.costNotAvailable');
  const status = payment?.status ?? 'not_initialized';
  return (
    <div className="agent-card cost-card">
      <p className="agent-card__label">{t('agent.costLabel', { amount })}</p>
      <StatusPill tone={paymentTone[status]}>
        <span className="visually-hidden">{t('agent.paymentStatus')}: </span>
        {t(`paymentStatus.${status}`)}
      </StatusPill>
    </div>
  );
}
