import type { ChatDetail } from '@greenhouse/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { CheckCircleIcon } from '../../../components/icons';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useToast } from '../../../components/toast/toast-context';
import { Spinner } from '../../../components/spinner/spinner';
import { isApiRequestError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useCreateChat, useGenerateBloom } from '../api/chat';
import { gapsOfRefusal, gapText } from '../draft-gaps';
import './generate-bloom.css';

interface GenerateBloomProps {
  chat: ChatDetail;
  /** Why the agent cannot be generated now (gaps, an answer being written, …); null when it can. */
  blockedReason: string | null;
}

/**
 * "Generate agent": creates the agent from the finished draft (POST …/generate); the chat is closed then
 * and this turns into the link to the agent, which trains on its own page. Disabled, with the reason
 * beside it, while the draft has gaps or an answer is being written. In a chat that edits an agent ("Edit and
 * retrain": open, with the agent's id) it is "Train new version": the same call trains the agent's next version.
 */
export function GenerateBloom({ chat, blockedReason }: GenerateBloomProps) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const generate = useGenerateBloom(chat.id);
  const reasonId = useId();
  // Focus goes to the outcome only when it replaces the button the user just pressed.
  const [justGenerated, setJustGenerated] = useState<'agent' | 'version' | null>(null);
  const editsVersion = chat.bloomId !== null;

  if (chat.closed) return <Generated bloomId={chat.bloomId} generated={justGenerated} />;

  const onGenerate = async () => {
    try {
      const { bloom } = await generate.mutateAsync();
      setJustGenerated(editsVersion ? 'version' : 'agent');
      notify(t(editsVersion ? 'generate.createdVersion' : 'generate.created', { name: bloom.name }));
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
        {busy ? t('generate.generating') : t(editsVersion ? 'generate.buttonVersion' : 'generate.button')}
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

/**
 * The closed chat's result: the agent it made or the version it trained (or that the agent is gone), focused
 * when just made; and a new chat editing the agent's next version from its newest one.
 */
function Generated({
  bloomId,
  generated,
}: {
  bloomId: string | null;
  generated: 'agent' | 'version' | null;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const editAgain = useCreateChat();
  useEffect(() => {
    if (generated) ref.current?.focus();
  }, [generated]);
  const version = generated === 'version';
  const onEditAgain = async (id: string) => {
    try {
      const chat = await editAgain.mutateAsync({ bloomId: id });
      await navigate(paths.chat(chat.id));
    } catch {
      // Shown below from editAgain.error.
    }
  };
  return (
    <div ref={ref} className="generated" role="status" tabIndex={-1}>
      <span className="generated__icon">
        <CheckCircleIcon />
      </span>
      <div>
        <h3 className="generated__title">
          {t(version ? 'generate.createdVersionTitle' : 'generate.createdTitle')}
        </h3>
        <p className="generated__text">
          {bloomId === null
            ? t('chat.closed.agentDeleted')
            : t(version ? 'generate.createdVersionText' : 'generate.createdText')}
        </p>
      </div>
      {bloomId !== null && (
        <>
          <Link to={paths.agent(bloomId)} className="btn btn--primary btn--block generated__link">
            {t('generate.openAgent')}
          </Link>
          <button
            type="button"
            className="btn btn--outline btn--block generated__link"
            disabled={editAgain.isPending}
            onClick={() => void onEditAgain(bloomId)}
          >
            {t('generate.editAgain')}
          </button>
          {editAgain.isError && (
            <p className="generated__text" role="alert">
              {apiErrorMessage(t, editAgain.error)}
            </p>
          )}
        </>
      )}
    </div>
  );
}
