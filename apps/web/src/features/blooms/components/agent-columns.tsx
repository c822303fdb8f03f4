import type { ReactNode } from 'react';
import './agent-columns.css';

interface AgentColumnsProps {
  /** The agent itself (its details, or the upload form): the right column, and first when stacked. */
  main: ReactNode;
  /** Cost and training stages: the left column, under `main` when stacked. */
  side: ReactNode;
}

/**
 * The two columns of the agent screens, as in the original: cost and stages on the left, the agent on the
 * right, a thin rule between. Narrow (a phone, or a wide screen with little room beside the sidebar), they
 * stack with the agent first: its name, status and download answer what a visitor comes for, and the
 * stage cards (long) follow. The agent also comes first in the page's order, so its h1 opens the page for
 * screen readers.
 */
export function AgentColumns({ main, side }: AgentColumnsProps) {
  return (
    <div className="agent-columns">
      <div className="agent-columns__grid">
        <div className="agent-columns__main">{main}</div>
        <div className="agent-columns__side">{side}</div>
      </div>
    </div>
  );
}
