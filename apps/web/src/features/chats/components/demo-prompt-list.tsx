import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/loader/loader';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { Spinner } from '../../../components/spinner/spinner';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { currentLanguage } from '../../../lib/i18n';
import { useDemoPrompts } from '../api/chat';
import './new-chat.css';
import './demo-prompt-list.css';

interface DemoPromptListProps {
  /** The demo whose chat is being started, if any. */
  startingId: string | null;
  /** While a chat is being started: no second one. */
  disabled: boolean;
  /** Starting a demo's chat failed. */
  error: unknown;
  onStart: (demoPromptId: string) => void;
}

/** The demo prompts (free): each a button that starts a chat from it. */
export function DemoPromptList({ startingId, disabled, error, onStart }: DemoPromptListProps) {
  const { t, i18n } = useTranslation();
  const prompts = useDemoPrompts(currentLanguage(i18n));

  let body;
  if (prompts.isError) {
    body = (
      <Banner
        tone="error"
        action={
          <button type="button" className="btn btn--outline" onClick={() => void prompts.refetch()}>
            {t('common.tryAgain')}
          </button>
        }
      >
        {t('newChat.demosFailed')}
      </Banner>
    );
  } else if (!prompts.data) {
    body = <Loader size="small" label={t('newChat.demosLoading')} />;
  } else if (prompts.data.prompts.length === 0) {
    body = <p className="new-chat__text new-chat__text--muted">{t('newChat.noDemos')}</p>;
  } else {
    body = (
      <ul className="demo-prompts">
        {prompts.data.prompts.map((prompt) => {
          const starting = prompt.id === startingId;
          return (
            <li key={prompt.id}>
              <button
                type="button"
                className="demo-prompt"
                disabled={disabled}
                aria-busy={starting || undefined}
                onClick={() => onStart(prompt.id)}
              >
                <span className="demo-prompt__title">{prompt.title}</span>
                <span className="demo-prompt__text">{prompt.text}</span>
                <span className="demo-prompt__action">
                  {starting && <Spinner dark />}
                  {starting ? t('newChat.startingDemo') : t('newChat.startDemo')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="card new-chat__demos" aria-labelledby="new-chat-demos">
      <h2 id="new-chat-demos" className="new-chat__subheading">
        {t('newChat.demosHeading')}
      </h2>
      <p className="new-chat__text new-chat__text--muted">{t('newChat.demosText')}</p>
      {body}
      <LiveRegion assertive>
        {Boolean(error) && (
          <p className="banner banner--error" role="alert">
            {apiErrorMessage(t, error)}
          </p>
        )}
      </LiveRegion>
    </section>
  );
}
