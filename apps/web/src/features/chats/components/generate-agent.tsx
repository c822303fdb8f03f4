import type { ChatDetail } from '@greenhouse/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { CheckCircleIcon } from '../../../components/icons';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useToast } from '../../../components/toast/toast-context';
import { Spinner } from '../../../components/spinner/spinner';
import { isApiRequestError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useGenerateAgent } from '../api/chat';
import { gapsOfRefusal, gapText } from '../draft-gaps';
import './generate-agent.css';

interface GenerateAgentProps {
  chat: ChatDetail;
  /** Why the agent cannot be generated now (gaps, an answer being written, …); null when it can. */
  blockedReason: string | null;
}

/**
 * "Generate agent": creates the agent from the finished draft (POST …/generate); the chat is closed then
 * and this turns into the link to the agent, which trains on its own page. Disabled, with the reason
 * beside it, while the draft has gaps or an answer is being written.
 */
export function GenerateAgent({ chat, blockedReason }: GenerateAgentProps) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const generate = useGenerateAgent(chat.id);
  const reasonId = useId();
  // Focus goes to the outcome only when it replaces the button the user just pressed.
  const [justGenerated, setJustGenerated] = useState(false);

  if (chat.closed) return <Generated bloomId={chat.bloomId} focus={justGenerated} />;

  const onGenerate = async () => {
    try {
      const { bloom } = await generate.mutateAsync();
      setJustGenerated(true);
      notify(t('generate.created', { name: bloom.name }));
    } catch {
      // Shown below from generate.error.
    }
  };

  const refusedGaps =
    generate.isError && isApiRequestError(generate.error) ? gapsOfRefusal(generate.error.params) : [];
  const busy = generate.isPending;

  return (
    <div className="generate">
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={Boolean(blockedReason) || busy}
        aria-describedby={blockedReason ? reasonId : undefined}
        aria-busy={busy || undefined}
        onClick={() => void onGenerate()}
      >
        {busy && <Spinner />}
        {busy ? t('generate.generating') : t('generate.button')}
      </button>
      {blockedReason && (
        <p id={reasonId} className="generate__reason">
          {blockedReason}
        </p>
      )}
      <LiveRegion assertive>
        {generate.isError && (
          <Banner tone="error">
            {apiErrorMessage(t, generate.error)}
            {refusedGaps.length > 0 && ` ${refusedGaps.map((gap) => gapText(t, gap)).join(' ')}`}
          </Banner>
        )}
      </LiveRegion>
    </div>
  );
}

/** The closed chat's result: the agent it made (or that the agent is gone), focused when just made. */
function Generated({ bloomId, focus }: { bloomId: string | null; focus: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} className="generated" role="status" tabIndex={-1}>
      <span className="generated__icon">
        <CheckCircleIcon />
      </span>
      <div>
        <h3 className="generated__title">{t('generate.createdTitle')}</h3>
        <p className="generated__text">
          {bloomId !== null ? t('generate.createdText') : t('chat.closed.agentDeleted')}
        </p>
      </div>
      {bloomId !== null && (
        <Link to={paths.agent(bloomId)} className="btn btn--primary btn--block generated__link">
          {t('generate.openAgent')}
        </Link>
      )}
    </div>
  );
}
