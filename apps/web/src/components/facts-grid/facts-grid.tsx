import { FactList, type Fact } from '../fact-card/fact-card';
import './facts-grid.css';

/** Read-only values as tiles, label over value, as many per row as fit (an account's status, an admin's view of it). */
export function FactsGrid({ facts }: { facts: readonly Fact[] }) {
  return <FactList className="facts-grid" facts={facts} />;
}
