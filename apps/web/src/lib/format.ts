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

/** A number with a unit ("45 sec", "2 min", "1 godz.") in the UI's language. */
function formatUnit(value: number, unit: 'second' | 'minute' | 'hour', language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/**
 * "about 3 min left" / "pozostało ok. 3 min", or null when the time left is unknown (`formatDuration`).
 */
export function formatEta(
  t: TFunction,
  etaSeconds: number | null | undefined,
  language: string,
): string | null {
  const duration = formatDuration(etaSeconds, language);
  return duration === null ? null : t('stages.eta', { duration });
}

/**
 * A time such as "45 sec", "3 min", "3 hr 20 min", or null when it is unknown. From a minute on it is
 * rounded up to the whole minute (61 s is "2 min"): what is left of a wait or a stage is never shown shorter
 * than measured, only up to a minute longer. The duration is formatted by Intl (units in the UI's language); hours and minutes are put side by side because
 * Intl.DurationFormat is not everywhere yet.
 */
export function formatDuration(seconds: number | null | undefined, language: string): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  const minutes = Math.ceil(whole / 60);
  if (whole < 60) return formatUnit(whole, 'second', language);
  if (minutes < 60) return formatUnit(minutes, 'minute', language);
  if (minutes % 60 === 0) return formatUnit(minutes / 60, 'hour', language);
  return `${formatUnit(Math.floor(minutes / 60), 'hour', language)} ${formatUnit(minutes % 60, 'minute', language)}`;
}

/** A count in short form: 189234 → "189K" ("189 tys." in Polish), 1234567 → "1.23M". */
export function formatCompact(value: number, language: string): string {
  return new Intl.NumberFormat(language, { notation: 'compact', maximumSignificantDigits: 3 }).format(value);
}

/** A whole number with the language's grouping: 12345 → "12,345" ("12 345"). */
export function formatInteger(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A short time in milliseconds, one decimal: 2.146 → "2.1 ms" ("2,1 ms"). */
export function formatMilliseconds(value: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A loss with three decimals: 0.0123 → "0.012" ("0,012"). */
export function formatLoss(value: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(
    value,
  );
}

/** Ends a sentence with a full stop, unless its last word's abbreviation already did ("41 sek." stays). */
export const endSentence = (text: string): string => (text.endsWith('.') ? text : `${text}.`);
