import { CHAT_MESSAGE_MAX, sendMessageRequestSchema, type SendMessageRequest } from '@greenhouse/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LiveRegion } from '../../../components/notice/notice';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { Spinner } from '../../../components/spinner/spinner';
import { apiErrorKey, apiErrorMessage } from '../../../lib/api-error-message';
import { isSendKey, NO_KEYBOARD_HINT_QUERY, TOUCH_QUERY } from '../composer-keys';
import './message-composer.css';

const resolver = zodResolver(sendMessageRequestSchema);

interface MessageComposerProps {
  /** The visible label of the text box. */
  label: string;
  placeholder?: string;
  /** Sends the (trimmed) message; a rejection is shown from `error`. Resolving clears the box. */
  onSend: (message: string) => Promise<unknown>;
  /** The failed send's error, shown in the composer's alert region. */
  error?: unknown;
  /** Why nothing can be sent now (an answer is being written, …): sending is off and this says why. */
  blockedReason?: string | null;
  /** Next to the counter, e.g. the prompts left. */
  aside?: ReactNode;
  autoFocus?: boolean;
}

/**
 * The message box of the chat designer: a text area with a character counter (what is sent is trimmed and
 * at most 256 characters), Enter sends and Shift+Enter starts a new line — said below the box where a
 * hardware keyboard is likely; on a touch screen Enter is a new line and the button sends. The box stays
 * editable while sending is blocked (one can write the next answer while the current one is written); only
 * sending waits.
 */
export function MessageComposer(props: MessageComposerProps) {
  const { label, placeholder, onSend, error, blockedReason, aside, autoFocus } = props;
  const { t } = useTranslation();
  const id = useId();
  const touch = useMediaQuery(TOUCH_QUERY);
  const keyboardHint = !useMediaQuery(NO_KEYBOARD_HINT_QUERY);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitted, isSubmitting },
  } = useForm<SendMessageRequest>({
    resolver,
    mode: 'onChange',
    defaultValues: { message: '' },
  });

  const length = useWatch({ control, name: 'message' }).trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX;
  const blocked = Boolean(blockedReason) || isSubmitting;
  const fieldError = errors.message;
  // "Too long" shows as it happens; "empty" only once sending was tried.
  const errorText =
    fieldError?.message && (isSubmitted || fieldError.type === 'too_big')
      ? t(apiErrorKey(fieldError.message))
      : undefined;

  const submit = handleSubmit(async ({ message }) => {
    try {
      await onSend(message);
    } catch {
      return; // Shown from `error`.
    }
    reset({ message: '' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event, touch)) return;
    event.preventDefault();
    if (!blocked) void submit();
  };

  const hintId = `${id}-hint`;
  const hint = blockedReason && !isSubmitting ? blockedReason : keyboardHint ? t('composer.hint') : null;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;

  return (
    <form className="composer" noValidate onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="composer__label">
        {label}
      </label>
      <div className={clsx('composer__box', errorText && 'composer__box--invalid')}>
        <textarea
          id={id}
          className="composer__input"
          rows={3}
          placeholder={placeholder}
          autoComplete="off"
          autoFocus={autoFocus}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={[hint ? hintId : null, counterId, errorText ? errorId : null]
            .filter(Boolean)
            .join(' ')}
          onKeyDown={onKeyDown}
          {...register('message')}
        />
        <div className="composer__bar">
          <span id={counterId} className={clsx('composer__counter', tooLong && 'composer__counter--over')}>
            <span aria-hidden="true">
              {length}/{CHAT_MESSAGE_MAX}
            </span>
            <span className="visually-hidden">
              {t('composer.counter', { replace: { count: length, max: CHAT_MESSAGE_MAX } })}
            </span>
          </span>
          {aside && <span className="composer__aside">{aside}</span>}
          <button
            type="submit"
            className="btn btn--primary composer__send"
            disabled={blocked || tooLong}
            aria-busy={isSubmitting || undefined}
          >
            {isSubmitting && <Spinner />}
            {isSubmitting ? t('composer.sending') : t('composer.send')}
          </button>
        </div>
      </div>
      {hint && (
        <p id={hintId} className="composer__hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="composer__error" aria-live="polite">
        {errorText}
      </p>
      <LiveRegion assertive>
        {Boolean(error) && (
          <p className="banner banner--error" role="alert">
            {apiErrorMessage(t, error)}
          </p>
        )}
      </LiveRegion>
    </form>
  );
}
