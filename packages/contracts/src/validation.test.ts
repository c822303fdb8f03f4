import { describe, it, expect } from 'vitest';
import type { z } from 'zod/mini';
import { isErrorCode } from './errors.js';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS, passwordProblem } from './password-rule.js';
import {
  bloomNameRequestSchema,
  changePasswordRequestSchema,
  chatTitleRequestSchema,
  requestResetRequestSchema,
  setNewPasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  updateAccountRequestSchema,
} from './requests.js';
import {
  BLOOM_NAME_MAX,
  BLOOM_NAME_SERVER_MAX,
  CHAT_TITLE_MAX,
  FIRST_NAME_MAX,
  LAST_NAME_MAX,
  bloomNameFormSchema,
  changePasswordFormSchema,
  chatTitleFormSchema,
  checkNumericInput,
  isValidEmail,
  isValidNameFormat,
  languages,
  requestResetFormSchema,
  setNewPasswordFormSchema,
  signInFormSchema,
  signUpFormSchema,
  uploadFileProblem,
  uploadFormSchema,
} from './validation.js';

const GOOD = 'Abcdef1!';

/** Message of the first issue, or null when the input is valid. */
function first(schema: z.ZodMiniType, input: unknown): string | null {
  const r = schema.safeParse(input);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no issue');
}

/** Path and message of every issue. */
function issues(schema: z.ZodMiniType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('constants', () => {
  it('match spec §5 and §9', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX, FIRST_NAME_MAX, LAST_NAME_MAX]).toEqual([8, 64, 32, 64]);
    expect([CHAT_TITLE_MAX, BLOOM_NAME_MAX, BLOOM_NAME_SERVER_MAX]).toEqual([255, 255, 128]);
    expect(PASSWORD_SPECIALS).toBe('@$!%*#?&');
    expect(languages).toEqual(['en', 'pl']);
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.com', 'x_y-z@example.pl'])('accepts %s', (s) => {
    expect(isValidEmail(s)).toBe(true);
  });
  it.each(['', 'plain', 'a@', '@b.co', 'a@b', 'a b@c.co', 'a@b..co', 'a@b.c', ' a@b.co'])(
    'rejects %j',
    (s) => {
      expect(isValidEmail(s)).toBe(false);
    },
  );
});

describe('passwordProblem', () => {
  it('accepts a password meeting every rule, at both length bounds', () => {
    expect(passwordProblem(GOOD)).toBeNull();
    expect(GOOD).toHaveLength(8);
    expect(passwordProblem('Ab1!' + 'a'.repeat(60))).toBeNull();
  });

  it('needs at least 8 characters', () => {
    expect(passwordProblem('Abcde1!')).toBe('passwordMinLength');
    expect(passwordProblem('')).toBe('passwordMinLength');
  });

  it('allows at most 64 characters', () => {
    expect(passwordProblem('Ab1!' + 'a'.repeat(61))).toBe('passwordMaxLength');
  });

  it('checks length before format', () => {
    expect(passwordProblem('abc')).toBe('passwordMinLength');
    expect(passwordProblem('a'.repeat(65))).toBe('passwordMaxLength');
  });

  it('needs a lowercase letter', () => {
    expect(passwordProblem('ABCDEF1!')).toBe('passwordFormat');
  });
  it('needs an uppercase letter', () => {
    expect(passwordProblem('abcdef1!')).toBe('passwordFormat');
  });
  it('needs a digit', () => {
    expect(passwordProblem('Abcdefg!')).toBe('passwordFormat');
  });
  it('needs a special character', () => {
    expect(passwordProblem('Abcdefg1')).toBe('passwordFormat');
  });

  it.each([...PASSWORD_SPECIALS])('accepts the special %s', (c) => {
    expect(passwordProblem(`Abcdef1${c}`)).toBeNull();
  });

  it.each([' ', '-', '_', '^', '.', 'ä', 'ł', '€'])('rejects any other character (%j)', (c) => {
    expect(passwordProblem(`Abcdef1!${c}`)).toBe('passwordFormat');
  });
});

describe('isValidNameFormat', () => {
  it('accepts letters, numbers, dots and underscores', () => {
    expect(isValidNameFormat('my_dataset.v2')).toBe(true);
    expect(isValidNameFormat('A')).toBe(true);
  });
  it.each(['', 'with space', 'dash-name', 'slash/name', 'ąę'])('rejects %j', (s) => {
    expect(isValidNameFormat(s)).toBe(false);
  });
});

describe('checkNumericInput', () => {
  it('allows empty input', () => {
    expect(checkNumericInput('', { min: 5 })).toEqual({ ok: true, value: '' });
  });

  it('allows a lone minus only when min is absent or negative', () => {
    expect(checkNumericInput('-', {})).toEqual({ ok: true, value: '-' });
    expect(checkNumericInput('-', { min: -10 })).toEqual({ ok: true, value: '-' });
    expect(checkNumericInput('-', { min: 0 })).toEqual({ ok: false });
    expect(checkNumericInput('-', { min: 3 })).toEqual({ ok: false });
  });

  it.each(['abc', '1a', '1-', '--1', '1.2.3', '1e3', '+1', ' 1', '0x10', '-.', 'Infinity'])(
    'rejects the non-number %j',
    (v) => {
      expect(checkNumericInput(v, { allowDecimals: true })).toEqual({ ok: false });
    },
  );

  it('accepts numbers, returning them unchanged', () => {
    expect(checkNumericInput('42', {})).toEqual({ ok: true, value: '42' });
    expect(checkNumericInput('-7', {})).toEqual({ ok: true, value: '-7' });
    expect(checkNumericInput('007', {})).toEqual({ ok: true, value: '007' });
  });

  it('rejects values below min', () => {
    expect(checkNumericInput('-1', { min: 0 })).toEqual({ ok: false });
    expect(checkNumericInput('0', { min: 0 })).toEqual({ ok: true, value: '0' });
  });

  it('rejects values above max', () => {
    expect(checkNumericInput('101', { max: 100 })).toEqual({ ok: false });
    expect(checkNumericInput('100', { max: 100 })).toEqual({ ok: true, value: '100' });
  });

  it('rejects decimals when they are not allowed', () => {
    expect(checkNumericInput('1.5', {})).toEqual({ ok: false });
    expect(checkNumericInput('1.', { allowDecimals: false })).toEqual({ ok: false });
    expect(checkNumericInput('1.5', { allowDecimals: true })).toEqual({ ok: true, value: '1.5' });
  });

  it('allows decimals by default when a number of decimal places is configured', () => {
    expect(checkNumericInput('1.5', { decimals: 2 })).toEqual({ ok: true, value: '1.5' });
    expect(checkNumericInput('1.5', { decimals: 2, allowDecimals: false })).toEqual({ ok: false });
  });

  it('rejects more decimal places than configured', () => {
    expect(checkNumericInput('1.25', { allowDecimals: true, decimals: 2 })).toEqual({
      ok: true,
      value: '1.25',
    });
    expect(checkNumericInput('1.255', { allowDecimals: true, decimals: 2 })).toEqual({ ok: false });
    expect(checkNumericInput('1.', { allowDecimals: true, decimals: 0 })).toEqual({ ok: true, value: '1.' });
    expect(checkNumericInput('1.2', { allowDecimals: true, decimals: 0 })).toEqual({ ok: false });
  });

  it('accepts partial decimals being typed', () => {
    expect(checkNumericInput('3.', { allowDecimals: true })).toEqual({ ok: true, value: '3.' });
    expect(checkNumericInput('.5', { allowDecimals: true })).toEqual({ ok: true, value: '.5' });
  });

  it('turns a lone dot into 0', () => {
    expect(checkNumericInput('.', {})).toEqual({ ok: true, value: '0' });
    expect(checkNumericInput('.', { allowDecimals: true, min: 0 })).toEqual({ ok: true, value: '0' });
    expect(checkNumericInput('.', { min: 1 })).toEqual({ ok: false });
  });
});

describe('uploadFileProblem', () => {
  it('requires a file', () => {
    expect(uploadFileProblem(null)).toBe('fileRequired');
    expect(uploadFileProblem(undefined)).toBe('fileRequired');
  });
  it('accepts only .json files (any case)', () => {
    expect(uploadFileProblem({ name: 'agent.json' })).toBeNull();
    expect(uploadFileProblem({ name: 'AGENT.JSON' })).toBeNull();
    expect(uploadFileProblem({ name: 'agent.txt' })).toBe('fileMustBeJson');
    expect(uploadFileProblem({ name: 'agent.json.exe' })).toBe('fileMustBeJson');
    expect(uploadFileProblem({ name: 'json' })).toBe('fileMustBeJson');
  });
});

describe('form schemas (i18n keys)', () => {
  it('sign-in: required, invalidEmail and the password keys', () => {
    expect(first(signInFormSchema, { email: 'a@b.co', password: GOOD })).toBeNull();
    expect(issues(signInFormSchema, {})).toEqual([
      'email:validation.required',
      'password:validation.required',
    ]);
    expect(issues(signInFormSchema, { email: 5, password: 5 })).toEqual([
      'email:validation.required',
      'password:validation.required',
    ]);
    expect(issues(signInFormSchema, { email: '', password: '' })).toEqual([
      'email:validation.required',
      'password:validation.required',
    ]);
    expect(first(signInFormSchema, { email: 'nope', password: GOOD })).toBe('invalidEmail');
    expect(first(signInFormSchema, { email: 'a@b.co', password: 'Ab1!' })).toBe('passwordMinLength');
    expect(first(signInFormSchema, { email: 'a@b.co', password: GOOD + 'a'.repeat(57) })).toBe(
      'passwordMaxLength',
    );
    expect(first(signInFormSchema, { email: 'a@b.co', password: 'abcdefg1!' })).toBe('passwordFormat');
  });

  it('trims the e-mail but never the password', () => {
    expect(signInFormSchema.parse({ email: '  a@b.co ', password: GOOD })).toEqual({
      email: 'a@b.co',
      password: GOOD,
    });
    expect(first(signInFormSchema, { email: 'a@b.co', password: ` ${GOOD}` })).toBe('passwordFormat');
    expect(first(signInFormSchema, { email: '   ', password: GOOD })).toBe('validation.required');
  });

  it('request reset: e-mail only', () => {
    expect(requestResetFormSchema.parse({ email: 'a@b.co', other: 1 })).toEqual({ email: 'a@b.co' });
    expect(first(requestResetFormSchema, { email: 'a@b' })).toBe('invalidEmail');
  });

  it('sign-up: first and last name keys', () => {
    const ok = { email: 'a@b.co', password: GOOD, firstName: 'Ann', lastName: 'Lee' };
    expect(first(signUpFormSchema, ok)).toBeNull();
    expect(first(signUpFormSchema, { ...ok, firstName: '' })).toBe('validation.required');
    expect(first(signUpFormSchema, { ...ok, firstName: '  ' })).toBe('firstNameMinLength');
    expect(first(signUpFormSchema, { ...ok, firstName: 'a'.repeat(32) })).toBeNull();
    expect(first(signUpFormSchema, { ...ok, firstName: 'a'.repeat(33) })).toBe('firstNameMaxLength');
    expect(first(signUpFormSchema, { ...ok, lastName: '' })).toBe('validation.required');
    expect(first(signUpFormSchema, { ...ok, lastName: ' ' })).toBe('lastNameMinLength');
    expect(first(signUpFormSchema, { ...ok, lastName: 'a'.repeat(64) })).toBeNull();
    expect(first(signUpFormSchema, { ...ok, lastName: 'a'.repeat(65) })).toBe('lastNameMaxLength');
    expect(signUpFormSchema.parse({ ...ok, firstName: ' Ann ', lastName: ' Lee ' })).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
    });
  });

  it('set new password: confirmPassword must match, on the confirmPassword path', () => {
    const ok = { password: GOOD, confirmPassword: GOOD, token: 't' };
    expect(first(setNewPasswordFormSchema, ok)).toBeNull();
    expect(issues(setNewPasswordFormSchema, { ...ok, confirmPassword: GOOD + 'x' })).toEqual([
      'confirmPassword:passwordsMustMatch',
    ]);
    expect(issues(setNewPasswordFormSchema, { ...ok, token: '' })).toEqual(['token:validation.required']);
  });

  it('set new password: the match check passes if either is empty', () => {
    // Empty confirmPassword: only "required", no mismatch.
    expect(issues(setNewPasswordFormSchema, { password: GOOD, confirmPassword: '', token: 't' })).toEqual([
      'confirmPassword:validation.required',
    ]);
    // Empty password: only "required", no mismatch.
    expect(issues(setNewPasswordFormSchema, { password: '', confirmPassword: GOOD, token: 't' })).toEqual([
      'password:validation.required',
    ]);
  });

  it('change password: same rules on newPassword / confirmPassword', () => {
    const ok = { currentPassword: 'old', newPassword: GOOD, confirmPassword: GOOD };
    expect(first(changePasswordFormSchema, ok)).toBeNull();
    expect(first(changePasswordFormSchema, { ...ok, currentPassword: '' })).toBe('validation.required');
    expect(first(changePasswordFormSchema, { ...ok, newPassword: 'short', confirmPassword: 'short' })).toBe(
      'passwordMinLength',
    );
    expect(issues(changePasswordFormSchema, { ...ok, confirmPassword: 'Other1!x' })).toEqual([
      'confirmPassword:passwordsMustMatch',
    ]);
    expect(issues(changePasswordFormSchema, { ...ok, confirmPassword: '' })).toEqual([
      'confirmPassword:validation.required',
    ]);
    expect(issues(changePasswordFormSchema, { ...ok, newPassword: '' })).toEqual([
      'newPassword:validation.required',
    ]);
  });

  it('chat title keys', () => {
    expect(chatTitleFormSchema.parse({ title: ' Hi ' })).toEqual({ title: 'Hi' });
    expect(first(chatTitleFormSchema, {})).toBe('chatTitleRequired');
    expect(first(chatTitleFormSchema, { title: '' })).toBe('chatTitleRequired');
    expect(first(chatTitleFormSchema, { title: '   ' })).toBe('chatTitleMinLength');
    expect(first(chatTitleFormSchema, { title: 'a'.repeat(255) })).toBeNull();
    expect(first(chatTitleFormSchema, { title: 'a'.repeat(256) })).toBe('chatTitleMaxLength');
  });

  it('bloom name keys (client limit 255)', () => {
    expect(first(bloomNameFormSchema, { name: null })).toBe('bloomNameRequired');
    expect(first(bloomNameFormSchema, { name: '' })).toBe('bloomNameRequired');
    expect(first(bloomNameFormSchema, { name: ' ' })).toBe('bloomNameMinLength');
    expect(first(bloomNameFormSchema, { name: 'a'.repeat(255) })).toBeNull();
    expect(first(bloomNameFormSchema, { name: 'a'.repeat(256) })).toBe('bloomNameMaxLength');
  });

  it('upload: optional name ("" = not given), required .json file', () => {
    const file = { name: 'a.json' };
    expect(uploadFormSchema.parse({ file })).toEqual({ file });
    expect(uploadFormSchema.parse({ name: '', file })).toEqual({ name: undefined, file });
    expect(uploadFormSchema.parse({ name: '  ', file })).toEqual({ name: undefined, file });
    expect(uploadFormSchema.parse({ name: ' My bloom ', file })).toEqual({ name: 'My bloom', file });
    expect(first(uploadFormSchema, { name: 'a'.repeat(255), file })).toBeNull();
    expect(first(uploadFormSchema, { name: 'a'.repeat(256), file })).toBe('bloomNameMaxLength');
    expect(first(uploadFormSchema, { name: 'x' })).toBe('fileRequired');
    expect(first(uploadFormSchema, { name: 'x', file: null })).toBe('fileRequired');
    expect(first(uploadFormSchema, { file: 'a.json' })).toBe('fileRequired');
    expect(first(uploadFormSchema, { file: { name: 'a.csv' } })).toBe('fileMustBeJson');
  });
});

describe('request schemas (API error codes)', () => {
  const signUp = { email: 'a@b.co', password: GOOD, firstName: 'Ann', lastName: 'Lee' };

  it('sign-up: authorization.* codes per field', () => {
    expect(first(signUpRequestSchema, signUp)).toBeNull();
    const cases: [Partial<Record<keyof typeof signUp, unknown>>, string][] = [
      [{ email: undefined }, 'authorization.email_required'],
      [{ email: '' }, 'authorization.email_required'],
      [{ email: 'nope' }, 'authorization.email_invalid'],
      [{ password: undefined }, 'authorization.password_required'],
      [{ password: '' }, 'authorization.password_required'],
      [{ password: 'Ab1!' }, 'authorization.password_too_short'],
      [{ password: GOOD + 'a'.repeat(57) }, 'authorization.password_too_long'],
      [{ password: 'abcdefg1!' }, 'authorization.password_invalid'],
      [{ firstName: undefined }, 'authorization.first_name_required'],
      [{ firstName: ' ' }, 'authorization.first_name_required'],
      [{ firstName: 'a'.repeat(33) }, 'authorization.first_name_too_long'],
      [{ lastName: 3 }, 'authorization.last_name_required'],
      [{ lastName: '' }, 'authorization.last_name_required'],
      [{ lastName: 'a'.repeat(65) }, 'authorization.last_name_too_long'],
    ];
    for (const [patch, code] of cases) {
      expect([patch, first(signUpRequestSchema, { ...signUp, ...patch })]).toEqual([patch, code]);
    }
  });

  it('reports the offending field as the issue path', () => {
    const r = signUpRequestSchema.safeParse({ ...signUp, lastName: '' });
    expect(r.success ? null : r.error.issues[0]?.path).toEqual(['lastName']);
  });

  it('sign-in and request reset use the same authorization.* codes', () => {
    expect(first(signInRequestSchema, { email: 'a@b.co', password: GOOD })).toBeNull();
    expect(first(signInRequestSchema, { email: 'a@b.co' })).toBe('authorization.password_required');
    expect(first(signInRequestSchema, { password: GOOD })).toBe('authorization.email_required');
    expect(first(requestResetRequestSchema, { email: 'x@' })).toBe('authorization.email_invalid');
    expect(requestResetRequestSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });

  it('set new password: token and mismatch codes', () => {
    const ok = { password: GOOD, confirmPassword: GOOD, token: 'tok' };
    expect(first(setNewPasswordRequestSchema, ok)).toBeNull();
    expect(first(setNewPasswordRequestSchema, { ...ok, token: '' })).toBe(
      'authorization.invalid_or_expired_password_reset_token',
    );
    expect(first(setNewPasswordRequestSchema, { ...ok, confirmPassword: '' })).toBe(
      'authorization.password_required',
    );
    expect(issues(setNewPasswordRequestSchema, { ...ok, confirmPassword: 'Other1!x' })).toEqual([
      'confirmPassword:authorization.password_invalid',
    ]);
  });

  it('change password: account.* codes', () => {
    const ok = { currentPassword: 'Old1!old', newPassword: GOOD, confirmPassword: GOOD };
    expect(first(changePasswordRequestSchema, ok)).toBeNull();
    expect(first(changePasswordRequestSchema, { ...ok, currentPassword: '' })).toBe(
      'account.invalid_current_password',
    );
    expect(first(changePasswordRequestSchema, { ...ok, newPassword: 'Ab1!', confirmPassword: 'Ab1!' })).toBe(
      'account.password_too_short',
    );
    expect(
      first(changePasswordRequestSchema, { ...ok, newPassword: GOOD + 'a'.repeat(57), confirmPassword: 'x' }),
    ).toBe('account.password_too_long');
    expect(
      first(changePasswordRequestSchema, { ...ok, newPassword: 'abcdefg1!', confirmPassword: 'abcdefg1!' }),
    ).toBe('account.password_invalid');
    expect(issues(changePasswordRequestSchema, { ...ok, confirmPassword: 'Other1!x' })).toEqual([
      'confirmPassword:account.password_invalid',
    ]);
    expect(issues(changePasswordRequestSchema, { ...ok, currentPassword: GOOD })).toEqual([
      'newPassword:account.new_password_same_as_current_password',
    ]);
  });

  it('update account: account.* codes, optional language, unknown keys stripped', () => {
    expect(
      updateAccountRequestSchema.parse({ firstName: ' Ann ', lastName: 'Lee', role: 'admin', email: 'x' }),
    ).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(updateAccountRequestSchema.parse({ firstName: 'A', lastName: 'B', language: 'pl' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      language: 'pl',
    });
    expect(first(updateAccountRequestSchema, { firstName: '', lastName: 'B' })).toBe(
      'account.first_name_required',
    );
    expect(first(updateAccountRequestSchema, { firstName: 'a'.repeat(33), lastName: 'B' })).toBe(
      'account.first_name_too_long',
    );
    expect(first(updateAccountRequestSchema, { firstName: 'A' })).toBe('account.last_name_required');
    expect(first(updateAccountRequestSchema, { firstName: 'A', lastName: 'a'.repeat(65) })).toBe(
      'account.last_name_too_long',
    );
    expect(first(updateAccountRequestSchema, { firstName: 'A', lastName: 'B', language: 'de' })).toBe(
      'BAD_REQUEST',
    );
  });

  it('chat title: chat.* codes, max 255', () => {
    expect(first(chatTitleRequestSchema, {})).toBe('chat.title_required');
    expect(first(chatTitleRequestSchema, { title: '  ' })).toBe('chat.title_required');
    expect(first(chatTitleRequestSchema, { title: 'a'.repeat(255) })).toBeNull();
    expect(first(chatTitleRequestSchema, { title: 'a'.repeat(256) })).toBe('chat.title_too_long');
  });

  it('bloom name: bloom.* codes, server max 128', () => {
    expect(first(bloomNameRequestSchema, { name: '' })).toBe('bloom.name_required');
    expect(first(bloomNameRequestSchema, { name: 'a'.repeat(128) })).toBeNull();
    expect(first(bloomNameRequestSchema, { name: 'a'.repeat(129) })).toBe('bloom.name_too_long');
    expect(bloomNameRequestSchema.parse({ name: ' X ' })).toEqual({ name: 'X' });
  });

  it('only ever answers with known error codes', () => {
    const bad: [z.ZodMiniType, unknown][] = [
      [signInRequestSchema, { email: 1, password: 'x' }],
      [signUpRequestSchema, { email: 'a@b', password: 'a', firstName: '', lastName: 'a'.repeat(99) }],
      [requestResetRequestSchema, {}],
      [setNewPasswordRequestSchema, { password: 'x', confirmPassword: 'y', token: '' }],
      [changePasswordRequestSchema, { currentPassword: '', newPassword: 'x', confirmPassword: 'y' }],
      [updateAccountRequestSchema, { firstName: 1, lastName: '', language: 'xx' }],
      [chatTitleRequestSchema, { title: 'a'.repeat(300) }],
      [bloomNameRequestSchema, { name: 5 }],
    ];
    for (const [schema, input] of bad) {
      const found = issues(schema, input).map((s) => s.slice(s.indexOf(':') + 1));
      expect(found.length).toBeGreaterThan(0);
      for (const c of found) expect([c, isErrorCode(c)]).toEqual([c, true]);
    }
  });
});

describe('form and request schemas agree', () => {
  const passwords = [
    '',
    'Ab1!',
    GOOD,
    'abcdefg1!',
    'ABCDEFG1!',
    'Abcdefgh!',
    'Abcdefg12',
    GOOD + ' ',
    'a'.repeat(65),
  ];
  const emails = ['', ' a@b.co ', 'a@b', 'a.b@c.de', 'no'];
  const firstNames = ['', ' ', 'A', 'a'.repeat(32), 'a'.repeat(33)];

  it('accept and reject the same sign-up input', () => {
    for (const password of passwords) {
      for (const email of emails) {
        for (const firstName of firstNames) {
          const input = { email, password, firstName, lastName: 'L' };
          const form = signUpFormSchema.safeParse(input).success;
          const request = signUpRequestSchema.safeParse(input).success;
          expect([input, form]).toEqual([input, request]);
        }
      }
    }
  });

  it('give the same kind of password problem', () => {
    const codeFor = {
      passwordMinLength: 'authorization.password_too_short',
      passwordMaxLength: 'authorization.password_too_long',
      passwordFormat: 'authorization.password_invalid',
    } as const;
    for (const password of passwords.filter((p) => p !== '')) {
      const problem = passwordProblem(password);
      const code = first(signInRequestSchema, { email: 'a@b.co', password });
      expect([password, code]).toEqual([password, problem ? codeFor[problem] : null]);
      expect([password, first(signInFormSchema, { email: 'a@b.co', password })]).toEqual([password, problem]);
    }
  });
});
