import { formatDateTime, type User } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Prompts tab: the monthly allowance. Admins have no limit and see UNLIMITED (docs/product-rules.md §6);
 * everyone else sees the limit, what is used and left, the renewal period and the next renewal
 * (dd.MM.yyyy HH:mm).
 */
export function PromptsTab({ user }: { user: Pick<User, 'role' | 'prompts'> }) {
  const { t } = useTranslation();
  const admin = user.role.name === 'admin';
  const { limit, used, renewalDays, nextRenewalAt } = user.prompts;
  const left = Math.max(0, limit - used);
  const unlimited = t('sidebar.unlimited');
  const nextRenewal = nextRenewalAt ? formatDateTime(nextRenewalAt) : '';
  // The bar shows what its caption says: the share of the allowance that is left.
  const leftShare = limit > 0 ? Math.min(1, left / limit) : 0;

  return (
    <section className="profile-section" aria-labelledby="prompts-heading">
      <h2 id="prompts-heading" className="profile-section__heading">
        {t('profile.prompts.heading')}
      </h2>
      <p className="profile-section__text">
        {admin ? t('profile.prompts.adminText') : t('profile.prompts.text')}
      </p>

      {!admin && (
        <div className="usage" aria-hidden="true">
          <div className="usage__bar">
            <div className="usage__fill" style={{ width: `${leftShare * 100}%` }} />
          </div>
          <p className="usage__caption">{t('sidebar.promptsLeft', { remaining: left, limit })}</p>
        </div>
      )}

      <dl className="profile-facts profile-facts--rows">
        <div>
          <dt>{t('profile.prompts.limit')}</dt>
          <dd>{admin ? unlimited : limit}</dd>
        </div>
        <div>
          <dt>{t('profile.prompts.used')}</dt>
          <dd>{used}</dd>
        </div>
        <div>
          <dt>{t('profile.prompts.left')}</dt>
          <dd>{admin ? unlimited : left}</dd>
        </div>
        {!admin && (
          <>
            <div>
              <dt>{t('profile.prompts.renewalDays')}</dt>
              <dd>{renewalDays}</dd>
            </div>
            <div>
              <dt>{t('profile.prompts.nextRenewal')}</dt>
              <dd>
                {nextRenewal ? (
                  <time dateTime={nextRenewalAt ?? undefined}>{nextRenewal}</time>
                ) : (
                  t('profile.prompts.noRenewal')
                )}
              </dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
