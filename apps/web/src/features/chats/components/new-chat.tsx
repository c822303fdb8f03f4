import type { CreateChatRequest } from '@greenhouse/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { Banner } from '../../../components/notice/notice';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useCreateChat, useDemoPrompts } from '../api/chat';
import { hasNoPromptsLeft, promptsLeftText, usesPrompts } from '../prompts-left';
import { DemoPromptList } from './demo-prompt-list';
import { MessageComposer } from './message-composer';
import './new-chat.css';

/**
 * /chat/new: what the designer does (and which one runs here, as the server says), the free demo prompts
 * and the box for one's own first message (one prompt when a model answers). One's own message starts a chat whose answer is
 * being written when its page opens; a demo's chat opens with its complete draft.
 */
export function NewChat() {
  const { t, i18n } = useTranslation();
  // The same query as the demo list's: the server names the designer with the demos.
  const mode = useDemoPrompts(currentLanguage(i18n)).data?.mode;
  const navigate = useNavigate();
  const user = useCurrentUser();
  const create = useCreateChat();
  const prompts = promptsLeftText(user, t);
  const noPrompts = usesPrompts(mode) && hasNoPromptsLeft(user);

  const start = async (body: CreateChatRequest) => {
    const chat = await create.mutateAsync(body);
    await navigate(paths.chat(chat.id));
  };
  // One mutation serves both ways in: its variables say which one is busy or failed.
  const variables = create.variables;
  const demoPromptId = variables?.demoPromptId ?? null;
  const fromDemo = demoPromptId !== null;
  const demoId = create.isPending ? demoPromptId : null;
  const ownError = create.isError && !fromDemo ? create.error : null;
  const demoError = create.isError && fromDemo ? create.error : null;

  return (
    <div className="new-chat">
      <section className="card new-chat__main" aria-labelledby="new-chat-heading">
        <h1 id="new-chat-heading" className="new-chat__heading">
          {t('newChat.heading')}
        </h1>
        <p className="new-chat__text">{t('newChat.intro')}</p>
        {mode && (
          <p className="new-chat__text new-chat__text--muted" data-mode={mode}>
            {t(`newChat.mode.${mode}`)}
          </p>
        )}
        <div className="new-chat__own">
          {noPrompts && (
            <Banner tone="info">
              {t('newChat.noPrompts')}
              {prompts.renewal && ` ${prompts.renewal}`}
            </Banner>
          )}
          <MessageComposer
            label={t('newChat.messageLabel')}
            placeholder={t('newChat.placeholder')}
            onSend={(message) => start({ message })}
            error={ownError}
            blockedReason={
              noPrompts ? t('newChat.noPromptsShort') : demoId ? t('newChat.startingDemo') : null
            }
            aside={
              usesPrompts(mode)
                ? t('composer.promptsLeft', { replace: { left: prompts.left } })
                : t('composer.free')
            }
            autoFocus={!noPrompts}
          />
        </div>
      </section>

      <DemoPromptList
        startingId={demoId}
        disabled={create.isPending}
        error={demoError}
        onStart={(demoPromptId) => void start({ demoPromptId }).catch(() => undefined)}
      />
    </div>
  );
}
