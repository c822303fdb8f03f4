import type { Language, User } from '@greenhouse/contracts';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The account's language when the UI shows another one; null when nothing is to change. */
export function languageToAdopt(
  user: Pick<User, 'language'> | null,
  uiLanguage: string | undefined,
): Language | null {
  return user && user.language !== uiLanguage ? user.language : null;
}

/**
 * Follows the signed-in account's language: whenever the session's user arrives with a language (sign-in,
 * Google sign-in, the startup refresh, a later refresh that brings a change made elsewhere) and it is not the
 * UI's, the UI switches to it; lib/i18n.ts stores the choice under `language`. A layout effect, so the screen
 * is never painted in the old language first.
 */
export function useAccountLanguage(user: Pick<User, 'language'> | null): void {
  const { i18n } = useTranslation();
  const accountLanguage = user?.language ?? null;
  useLayoutEffect(() => {
    const next = languageToAdopt(
      accountLanguage ? { language: accountLanguage } : null,
      i18n.resolvedLanguage,
    );
    if (next) void i18n.changeLanguage(next);
  }, [accountLanguage, i18n]);
}
