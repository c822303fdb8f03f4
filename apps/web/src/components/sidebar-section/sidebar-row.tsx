import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

interface SidebarRowProps {
  to: string;
  label: string;
  /** Before the label, e.g. the answering spinner. */
  leading?: ReactNode;
  /** After the label, e.g. the agent's status. */
  trailing?: ReactNode;
  /** The row's actions menu. */
  actions: ReactNode;
}

/** A list row: a link to the item and its actions menu. */
export function SidebarRow({ to, label, leading, trailing, actions }: SidebarRowProps) {
  return (
    <li className="side-row">
      <NavLink to={to} className="side-row__link" title={label}>
        {leading}
        <span className="side-row__label">{label}</span>
        {trailing}
      </NavLink>
      {actions}
    </li>
  );
}
