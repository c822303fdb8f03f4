import type { TFunction } from 'i18next';

/** An amount of money in the UI's language, whole amounts without decimals (as in "Total Cost: $0"). */
export function formatMoney(amountCents: number, currency: string, language: string): string {
  const amount = amountCents / 100;
  const whole = amountCents % 100 === 0;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number and the code as they are.
    return `${new Intl.NumberFormat(language).format(amount)} ${currency.toUpperCase()}`;
  }
}

const KIB = 1024;

/**
 * A file size in kB or MB, in the UI's language. Units of 1024 bytes, like the upload limit (2 MB is
 * 2 × 1024 × 1024 bytes), so a file shown as "2 MB" is one the limit allows.
 */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= KIB * KIB ? [bytes / (KIB * KIB), 'megabyte'] : [bytes / KIB, 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** A whole percent (0..100) in the UI's language. */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}

/** "~3 min left" and the like, or null when the time left is unknown. */
export function formatEta(t: TFunction, etaSeconds: number | null | undefined): string | null {
  if (etaSeconds === null || etaSeconds === undefined || !Number.isFinite(etaSeconds) || etaSeconds < 0) {
    return null;
  }
  const seconds = Math.round(etaSeconds);
  if (seconds < 60) return t('stages.eta.seconds', { n: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('stages.eta.minutes', { n: minutes });
  return t('stages.eta.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
