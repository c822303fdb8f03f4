import clsx from 'clsx';
import type { ReactNode } from 'react';
import './fact-card.css';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Facts as a description list, label then value (a fact card's, the facts grid's). */
export function FactList({ facts, className }: { facts: readonly Fact[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A list of fact cards, named for screen readers by `label` or by the element `labelledBy` names. */
export function FactCardList({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <ul className="fact-cards" aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </ul>
  );
}

/**
 * One item of a settings list (a session, an API token): its title with an optional badge, its facts
 * beside each other, its action at the end (under the rest, full width, on a narrow screen).
 */
export function FactCard({
  title,
  badge,
  facts,
  action,
}: {
  title: ReactNode;
  badge?: { text: string; tone: 'info' | 'danger' };
  facts: readonly Fact[];
  action?: ReactNode;
}) {
  return (
    <li className="fact-card">
      <div className="fact-card__main">
        <p className="fact-card__title">
          {title}
          {badge && (
            <span className={clsx('fact-card__badge', `fact-card__badge--${badge.tone}`)}>{badge.text}</span>
          )}
        </p>
        <FactList className="fact-card__facts" facts={facts} />
      </div>
      {action && <div className="fact-card__action">{action}</div>}
    </li>
  );
}
