import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TextField } from '../form/text-field';
import './shown-once.css';

export interface ShownOnceTexts {
  heading: string;
  label: string;
  /** That it is shown this once. */
  warning: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

/**
 * A secret or link just made, shown this once (a personal API token, a share link): read-only and selected, so it
 * can be copied at once, a Copy button whose outcome is announced, and the warning that it will not be shown again.
 * Takes focus when it appears; `children` go below (a Done button).
 */
export function ShownOnce({
  value,
  texts,
  children,
}: {
  value: string;
  texts: ShownOnceTexts;
  children?: ReactNode;
}) {
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [value]);

  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refusal): leave it selected for the user to copy.
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className="shown-once" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="shown-once__heading">
        {texts.heading}
      </h3>
      <div className="shown-once__row">
        <TextField
          ref={inputRef}
          label={texts.label}
          hint={texts.warning}
          className="shown-once__field"
          value={value}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn--primary shown-once__copy" onClick={() => void copyValue()}>
          {texts.copy}
        </button>
      </div>
      <p className="shown-once__status" aria-live="polite">
        {copy === 'copied' ? texts.copied : copy === 'failed' ? texts.copyFailed : ''}
      </p>
      {children}
    </div>
  );
}
