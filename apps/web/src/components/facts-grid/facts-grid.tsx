import type { Fact } from '../fact-card/fact-card';
import './facts-grid.css';

/** Read-only values as tiles, label over value, as many per row as fit (an account's status, an admin's view of it). */
export function FactsGrid({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="facts-grid">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
