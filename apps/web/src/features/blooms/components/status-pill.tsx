import clsx from 'clsx';
import type { ReactNode } from 'react';
import './status-pill.css';

/** dark: done or running (as in the original screens); muted: not started or waiting; danger: failed. */
export type PillTone = 'dark' | 'muted' | 'danger';

/** A status shown as a pill: its text is the status (in capitals by CSS only, so it is read as words). */
export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return <span className={clsx('bloom-pill', `bloom-pill--${tone}`)}>{children}</span>;
}
