import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, InfoIcon, MailIcon } from '../icons';
import './notice.css';

export type NoticeTone = 'info' | 'error' | 'success';

const bannerIcons = { info: InfoIcon, error: AlertIcon, success: CheckCircleIcon } as const;

/**
 * A region that exists before its content does, so screen readers announce what appears in it: results
 * politely, errors assertively.
 */
export function LiveRegion({ assertive, children }: { assertive?: boolean; children: ReactNode }) {
  return (
    <div className="live-region" aria-live={assertive ? 'assertive' : 'polite'}>
      {children}
    </div>
  );
}

interface BannerProps {
  tone: NoticeTone;
  children: ReactNode;
  /** A control under the message, e.g. "Send the confirmation e-mail again". */
  action?: ReactNode;
}

/** An inline message in a form or screen; an error one is an alert. */
export function Banner({ tone, children, action }: BannerProps) {
  const Icon = bannerIcons[tone];
  return (
    <div className={`banner banner--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <Icon />
      <div className="banner__body">
        <p>{children}</p>
        {action}
      </div>
    </div>
  );
}

const outcomeIcons = { info: InfoIcon, error: AlertIcon, success: CheckCircleIcon, mail: MailIcon } as const;

interface OutcomeProps {
  tone: NoticeTone | 'mail';
  /** A short heading; leave it out when the screen's own heading says it already. */
  title?: string;
  children?: ReactNode;
  /** Links or buttons under the message. */
  actions?: ReactNode;
  /** Take focus on mount (default): the outcome replaced what the user was working with, so read it. */
  autoFocus?: boolean;
}

/** The result that replaces a form or a wait (e.g. "Check your inbox"), with what to do next. */
export function Outcome({ tone, title, children, actions, autoFocus = true }: OutcomeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const Icon = outcomeIcons[tone];

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  return (
    <div ref={ref} className={clsx('outcome', `outcome--${tone}`)} tabIndex={-1} role="status">
      <span className="outcome__icon">
        <Icon width={26} height={26} />
      </span>
      {title && <h2 className="outcome__title">{title}</h2>}
      {children && <div className="outcome__text">{children}</div>}
      {actions && <div className="outcome__actions">{actions}</div>}
    </div>
  );
}
