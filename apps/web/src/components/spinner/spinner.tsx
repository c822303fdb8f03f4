import clsx from 'clsx';
import './spinner.css';

/** A busy button's spinner, beside its label (which says what is happening): white, or purple when `dark`. */
export function Spinner({ dark = false }: { dark?: boolean }) {
  return <span className={clsx('spinner', dark && 'spinner--dark')} aria-hidden="true" />;
}
