import type { SharedBloom } from '@greenhouse/contracts';
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
import { linkProblem, useSharedBloom } from '../api/shared-bloom';
import '../../../components/bloom-card/bloom-card.css';
import './shared-bloom-page.css';

interface SharedBloomPageProps {
  token: string;
  /** The agent at work (app/ passes the playground in): shown once the link names an agent ready to run. */
  renderPlayground: (agent: SharedBloom) => ReactNode;
}

/**
 * /try/{token} (issue 34): a shared agent for anyone with the link, signed in or not — its name and its reactions'
 * names (nothing else of it or of its owner), and the playground that runs it in this browser. A link that names no
 * agent (revoked, never made, its agent deleted) shows the not-found page.
 */
export function SharedBloomPage({ token, renderPlayground }: SharedBloomPageProps) {
  const { t } = useTranslation();
  const query = useSharedBloom(token);
  const problem = linkProblem(query.error);

  let content: ReactNode;
  if (query.data) content = <SharedBloomView bloom={query.data} playground={renderPlayground(query.data)} />;
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
      <p className="shared-bloom__loading">
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

function SharedBloomView({ bloom, playground }: { bloom: SharedBloom; playground: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t('sharedAgent.title', { name: bloom.name }));
  return (
    <>
      <section className="bloom-card bloom-card--form shared-bloom" aria-labelledby="shared-bloom-name">
        <p className="shared-bloom__eyebrow">{t('sharedAgent.eyebrow')}</p>
        <h1 id="shared-bloom-name" className="shared-bloom__name">
          {bloom.name}
        </h1>
        <h2 id="shared-bloom-reactions" className="shared-bloom__subheading">
          {t('sharedAgent.reactions')}
        </h2>
        {bloom.reactions.length > 0 ? (
          <ul className="shared-bloom__reactions" aria-labelledby="shared-bloom-reactions">
            {bloom.reactions.map((reaction) => (
              <li key={reaction} className="shared-bloom__reaction">
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
      className="bloom-card bloom-card--form shared-bloom shared-bloom--problem"
      aria-labelledby="shared-bloom-problem"
      data-problem={problem}
    >
      <h1 id="shared-bloom-problem" className="shared-bloom__name">
        {t(`${texts}.heading`)}
      </h1>
      <p>{t(`${texts}.text`)}</p>
      <Link to={paths.root} className="btn btn--primary shared-bloom__home">
        {t('common.home')}
      </Link>
    </section>
  );
}
