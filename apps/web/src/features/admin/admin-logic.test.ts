import type { AdminAccount } from '@greenhouse/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { accountChanges, accountFormValues } from './account-form';
import { accountStatus, statusFilterQuery } from './account-status';
import { auditChangeLines } from './audit-changes';
import { usersQueryFrom, usersSearchUpdate } from './users-search';
import { adminAccount } from './test-fixtures';

describe('accountChanges', () => {
  const account: AdminAccount = adminAccount();

  it('is null when the form is as the account', () => {
    expect(accountChanges(account, accountFormValues(account))).toBeNull();
  });

  it('sends only what changed, names trimmed, allowance numbers as numbers', () => {
    const form = accountFormValues(account);
    expect(
      accountChanges(account, {
        ...form,
        firstName: '  Amazing ',
        active: false,
        prompts: { ...form.prompts, limit: '120' },
      }),
    ).toEqual({ firstName: 'Amazing', active: false, prompts: { limit: 120 } });
  });

  it('sends a renewal period and a role on their own', () => {
    const form = accountFormValues(account);
    expect(
      accountChanges(account, { ...form, role: 'admin', prompts: { limit: '0', renewalDays: '7' } }),
    ).toEqual({ role: 'admin', prompts: { renewalDays: 7 } });
  });

  it('counts a name with only surrounding spaces added as unchanged', () => {
    expect(accountChanges(account, { ...accountFormValues(account), lastName: ' Hopper ' })).toBeNull();
  });
});

describe('accountStatus', () => {
  it.each([
    [{ emailConfirmed: false, pending: false, active: true }, 'unconfirmed'],
    [{ emailConfirmed: false, pending: false, active: false }, 'unconfirmed'],
    [{ emailConfirmed: true, pending: true, active: false }, 'pending'],
    [{ emailConfirmed: true, pending: false, active: false }, 'deactivated'],
    [{ emailConfirmed: true, pending: false, active: true }, 'active'],
  ] as const)('%o is %s', (account, status) => {
    expect(accountStatus(account)).toBe(status);
  });

  it('turns the status filter into the API’s filters', () => {
    expect(statusFilterQuery('all')).toEqual({});
    expect(statusFilterQuery('active')).toEqual({ active: true });
    expect(statusFilterQuery('inactive')).toEqual({ active: false });
    expect(statusFilterQuery('pending')).toEqual({ pending: true });
  });
});

describe('the users tab’s address', () => {
  it('reads defaults for what is missing or malformed', () => {
    expect(usersQueryFrom(new URLSearchParams('tab=users&role=root&status=x&page=-2'))).toEqual({
      email: '',
      role: 'all',
      status: 'all',
      page: 1,
    });
    expect(usersQueryFrom(new URLSearchParams('email=%20ada%20&role=admin&status=pending&page=3'))).toEqual({
      email: 'ada',
      role: 'admin',
      status: 'pending',
      page: 3,
    });
  });

  it('keeps the tab and leaves defaults out', () => {
    const next = usersSearchUpdate(new URLSearchParams('tab=users&page=4&role=user'), {
      status: 'pending',
      page: 1,
    });
    expect(next.toString()).toBe('tab=users&role=user&status=pending');
  });
});

describe('audit changes', () => {
  it('reads each field from → to in words', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(
      auditChangeLines(t, {
        active: { from: false, to: true },
        role: { from: 'user', to: 'admin' },
        emailConfirmed: { from: { name: 'x' }, to: { name: 'y' } },
        prompts: { from: { limit: 0, renewalDays: 0 }, to: { limit: 120, renewalDays: 0 } },
        'prompts.renewalDays': { from: null, to: 5 },
        somethingNew: { from: 'a', to: 'b' },
      }).map(({ label, from, to }) => `${label}: ${from} → ${to}`),
    ).toEqual([
      'Active: No → Yes',
      'Role: User → Admin',
      'Email confirmed: x → y',
      'Prompts limit: 0 → 120',
      'Renewal days: — → 5',
      'somethingNew: a → b',
    ]);
  });
});
