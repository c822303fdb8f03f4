import { Spinner } from '../../../components/spinner/spinner';
import './section-status.css';

/** A settings list on its way: a small spinner and what is loading, announced politely. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <p className="section-loading" role="status">
      <Spinner dark />
      {label}
    </p>
  );
}
