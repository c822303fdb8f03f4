import type { ApiToken, CreatedApiToken } from '@greenhouse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiTokens } from '../api/api-tokens';
import { CreateTokenForm, TOKEN_NAME_INPUT_ID } from './create-token-form';
import { NewToken } from './new-token';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { SectionLoading } from './section-status';
import { TokenList } from './token-list';
import './api-tokens-section.css';

/** The API's reference page (the server's, apps/server/src/plugins/openapi.ts). */
const API_DOCS_URL = '/api/docs/';

/**
 * Personal API tokens (issue 21): what they are for, the form that creates one (shown once, then never
 * again), and the list with Revoke.
 */
export function ApiTokensSection() {
  const { t } = useTranslation();
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const done = () => {
    setCreated(null);
    document.getElementById(TOKEN_NAME_INPUT_ID)?.focus();
  };

  return (
    <section className="profile-section" aria-labelledby="settings-tokens-heading">
      <h2 id="settings-tokens-heading" className="profile-section__heading">
        {t('settings.tokens.heading')}
      </h2>
      <p className="profile-section__text">{t('settings.tokens.text')}</p>
      <pre className="api-tokens__header">
        <code>Authorization: Bearer gh_…</code>
      </pre>
      <p className="profile-section__text">
        {/* A page of the server (swagger-ui), not of this app: a plain link, opened in a new tab. */}
        <a href={API_DOCS_URL} target="_blank" rel="noopener">
          {t('settings.tokens.docs')}
        </a>{' '}
        — {t('settings.tokens.docsHint')}
      </p>
      {created && <NewToken token={created} onDone={done} />}
      <CreateTokenForm onCreated={setCreated} />
      <h3 id="settings-token-list-heading" className="api-tokens__list-heading">
        {t('settings.tokens.listHeading')}
      </h3>
      {tokens.isPending ? (
        <SectionLoading label={t('settings.tokens.loading')} />
      ) : tokens.isError ? (
        <RetryBanner error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : (
        <TokenList
          tokens={tokens.data}
          onRevoked={(token: ApiToken) => {
            if (created?.id === token.id) setCreated(null);
          }}
        />
      )}
    </section>
  );
}
