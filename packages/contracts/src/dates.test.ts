import { describe, it, expect } from 'vitest';
import { formatDateTime } from './dates.js';

describe('formatDateTime', () => {
  it('formats a Date as dd.MM.yyyy HH:mm in local time, zero-padded, 24-hour', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 7, 8, 59))).toBe('05.03.2024 07:08');
    expect(formatDateTime(new Date(2023, 11, 31, 19, 45))).toBe('31.12.2023 19:45');
  });

  it('accepts a timestamp', () => {
    expect(formatDateTime(new Date(2024, 0, 2, 0, 5).getTime())).toBe('02.01.2024 00:05');
  });

  it('accepts an ISO string, shown in local time', () => {
    const iso = '2024-06-10T12:30:00.000Z';
    const local = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(local.getDate())}.${pad(local.getMonth() + 1)}.${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
    expect(formatDateTime(iso)).toBe(expected);
    expect(formatDateTime('2024-06-10T12:30:00')).toBe('10.06.2024 12:30');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});
