import type { ReactNode } from 'react';
import './bloom-columns.css';

interface BloomColumnsProps {
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
export function BloomColumns({ main, side }: BloomColumnsProps) {
  return (
    <div className="bloom-columns">
      <div className="bloom-columns__grid">
        <div className="bloom-columns__main">{main}</div>
        <div className="bloom-columns__side">{side}</div>
      </div>
    </div>
  );
}
