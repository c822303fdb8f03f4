import { format, isValid } from 'date-fns';

export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';

/**
 * Formats a date as `dd.MM.yyyy HH:mm` in local time (docs/product-rules.md §9). Strings are read as ISO
 * date-times. An invalid date gives '' rather than throwing, so a bad value cannot crash a render.
 */
export function formatDateTime(date: Date | string | number): string {
  const d = date instanceof Date ? date : new Date(date);
  return isValid(d) ? format(d, DATE_TIME_FORMAT) : '';
}
