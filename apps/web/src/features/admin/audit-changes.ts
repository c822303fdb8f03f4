import { formatDateTime } from '@greenhouse/contracts';
import type { TFunction } from 'i18next';

/** The fields an audit event's changes may name, with a text each; any other is shown by its name. */
const fieldKeys: Record<string, string> = {
  firstName: 'admin.fields.firstName',
  lastName: 'admin.fields.lastName',
  role: 'admin.fields.role',
  active: 'admin.fields.active',
  emailConfirmed: 'admin.fields.emailConfirmed',
  prompts: 'admin.fields.prompts',
  'prompts.limit': 'admin.fields.promptsLimit',
  'prompts.renewalDays': 'admin.fields.renewalDays',
  limit: 'admin.fields.promptsLimit',
  renewalDays: 'admin.fields.renewalDays',
  stage: 'admin.fields.stage',
  email: 'admin.fields.email',
};

export function fieldLabel(t: TFunction, field: string): string {
  const key = fieldKeys[field];
  return key ? t(key) : field;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as text: yes/no, "—" for none, dates as dd.MM.yyyy HH:mm, objects field by field. */
export function formatAuditValue(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('admin.yes') : t('admin.no');
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDateTime(value) || value;
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => formatAuditValue(t, item)).join(', ');
  if (typeof value === 'object') {
    // A role as the API shows it ({name}) reads as its name.
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === 'name') return formatAuditValue(t, record.name);
    return keys.map((key) => `${fieldLabel(t, key)}: ${formatAuditValue(t, record[key])}`).join(', ');
  }
  return JSON.stringify(value);
}

export interface AuditChangeLine {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** An event's changes, one line per field: "Active: No → Yes". */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An event's changes, one line per field: "Active: No → Yes". A group of fields recorded as one object
 * (the prompt allowance: {limit, renewalDays}) is a line per field in it that changed.
 */
export function auditChangeLines(
  t: TFunction,
  changes: Record<string, { from?: unknown; to?: unknown }>,
): AuditChangeLine[] {
  return Object.entries(changes).flatMap(([field, change]) => {
    const { from, to } = change;
    const group = isPlainObject(from) && isPlainObject(to) && !('name' in from || 'name' in to);
    if (!group) {
      const text = (value: unknown) =>
        field === 'role' && (value === 'admin' || value === 'user')
          ? t(`admin.roles.${value}`)
          : formatAuditValue(t, value);
      return [{ field, label: fieldLabel(t, field), from: text(from), to: text(to) }];
    }
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys
      .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
      .map((key) => ({
        field: `${field}.${key}`,
        label: fieldLabel(t, `${field}.${key}`),
        from: formatAuditValue(t, from[key]),
        to: formatAuditValue(t, to[key]),
      }));
  });
}
