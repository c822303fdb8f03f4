import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleIcon } from '../../../components/icons';
import { fetchGoogleSignInUrl } from '../api/google-sign-in';

/**
 * Idle, then "Connecting..." while the sign-in address is fetched, then a redirect to it; on failure back
 * to idle (docs/product-rules.md §4), with the reason passed to onError.
 */
export function GoogleSignInButton({ onError }: { onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [connecting, setConnecting] = useState(false);

  const start = async () => {
    setConnecting(true);
    try {
      window.location.assign(await fetchGoogleSignInUrl());
    } catch (error) {
      setConnecting(false);
      onError(error);
    }
  };

  return (
    <button
      type="button"
      className="btn btn--outline btn--block"
      disabled={connecting}
      aria-busy={connecting}
      onClick={() => void start()}
    >
      <GoogleIcon />
      {connecting ? t('signIn.connecting') : t('signIn.google')}
    </button>
  );
}
