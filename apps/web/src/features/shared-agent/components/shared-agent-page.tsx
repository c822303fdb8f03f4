import type { SharedAgent } from '@greenhouse/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher/language-switcher';
import { Loader } from '../../../components/loader/loader';
import { Logo } from '../../../components/logo/logo';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths } from '../../../lib/paths';
import { reactionLabel } from '../../../lib/reaction-label';
import { linkProblem, useSharedAgent } from '../api/shared-agent';
import '../../../components/agent-card/agent-card.css';
import './shared-agent-page.css';

interface SharedAgentPageProps {
  token: string;
  /** The agent at work (app/ passes the playground in): shown once the link names an agent ready to run. */
  renderPlayground: (agent: SharedAgent) => ReactNode;
}

/**
 * /try/{token} (issue 34): a shared agent for anyone with the link, signed in or not — its name and its reactions'
 * names (nothing else of it or of its owner), and the playground that runs it in this browser. A link that names no
 * agent (revoked, never made, its agent deleted) shows the not-found page.
 */
export function SharedAgentPage({ token, renderPlayground }: SharedAgentPageProps) {
  const { t } = useTranslation();
  const query = useSharedAgent(token);
  const problem = linkProblem(query.error);

  let content: ReactNode;
  if (query.data) content = <Agent agent={query.data} playground={renderPlayground(query.data)} />;
  else if (problem) content = <LinkProblem problem={problem} />;
  else if (query.isError)
    content = (
      <RetryBanner
        text={t('sharedAgent.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else
    content = (
      <p className="shared-agent__loading">
        <Loader size="medium" label={t('sharedAgent.loading')} />
      </p>
    );

  return (
    <div className="shared-shell">
      <header className="shared-shell__header">
        <Link to={paths.root} className="shared-shell__home" aria-label={t('common.home')}>
          <Logo />
        </Link>
        <LanguageSwitcher />
      </header>
      <main className="shared-shell__main">{content}</main>
      <footer className="shared-shell__footer">
        <p>
          {t('sharedAgent.footer')} {t('common.appName')}.{' '}
          <Link to={paths.signUp}>{t('sharedAgent.makeYourOwn')}</Link>
        </p>
      </footer>
    </div>
  );
}

function Agent({ agent, playground }: { agent: SharedAgent; playground: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t('sharedAgent.title', { name: agent.name }));
  return (
    <>
      <section className="agent-card agent-card--form shared-agent" aria-labelledby="shared-agent-name">
        <p className="shared-agent__eyebrow">{t('sharedAgent.eyebrow')}</p>
        <h1 id="shared-agent-name" className="shared-agent__name">
          {agent.name}
        </h1>
        <h2 id="shared-agent-reactions" className="shared-agent__subheading">
          {t('sharedAgent.reactions')}
        </h2>
        {agent.reactions.length > 0 ? (
          <ul className="shared-agent__reactions" aria-labelledby="shared-agent-reactions">
            {agent.reactions.map((reaction) => (
              <li key={reaction} className="shared-agent__reaction">
                {reactionLabel(reaction)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('sharedAgent.noReactions')}</p>
        )}
      </section>
      {playground}
    </>
  );
}

/** The link's 404: it works no more (or never did), or its agent has nothing ready to run. */
function LinkProblem({ problem }: { problem: 'not-found' | 'unavailable' }) {
  const { t } = useTranslation();
  const texts = problem === 'not-found' ? 'sharedAgent.notFound' : 'sharedAgent.unavailable';
  useDocumentTitle(t(problem === 'not-found' ? 'sharedAgent.notFound.title' : `${texts}.heading`));
  return (
    <section
      className="agent-card agent-card--form shared-agent shared-agent--problem"
      aria-labelledby="shared-agent-problem"
      data-problem={problem}
    >
      <h1 id="shared-agent-problem" className="shared-agent__name">
        {t(`${texts}.heading`)}
      </h1>
      <p>{t(`${texts}.text`)}</p>
      <Link to={paths.root} className="btn btn--primary shared-agent__home">
        {t('common.home')}
      </Link>
    </section>
  );
}
