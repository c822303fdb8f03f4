import { errorCodes } from '@greenhouse/contracts';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enApp } from './en-app';
import { enForms } from './en-forms';
import { enStart } from './en-start';
import { enTry } from './en-try';
import { pl } from './pl';
import { plApp } from './pl-app';
import { plForms } from './pl-forms';
import { plStart } from './pl-start';
import { plTry } from './pl-try';

const lookup = (resource: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resource);

const leaves = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value as object, `${prefix}${key}.`),
  );

const formMessageKeys = [
  'invalidEmail',
  'passwordMinLength',
  'passwordMaxLength',
  'passwordFormat',
  'passwordsMustMatch',
  'firstNameMinLength',
  'firstNameMaxLength',
  'lastNameMinLength',
  'lastNameMaxLength',
  'chatTitleRequired',
  'chatTitleMinLength',
  'chatTitleMaxLength',
  'bloomNameRequired',
  'bloomNameMinLength',
  'bloomNameMaxLength',
  'fileRequired',
  'fileMustBeJson',
  'validation.required',
  'validation.email',
  'validation.stringMin',
  'validation.stringMax',
  'validation.numberMin',
  'validation.numberMax',
  'validation.arrayMin',
];

describe.each([
  ['en', en],
  ['pl', pl],
])('%s texts', (_language, resource) => {
  it('have a text for every API error code', () => {
    const missing = Object.keys(errorCodes).filter(
      (code) => typeof lookup(resource.apiErrors, code) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it('have a text for every validation message key', () => {
    const missing = formMessageKeys.filter((key) => typeof lookup(resource, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('have no empty text', () => {
    expect(leaves(resource).filter((key) => (lookup(resource, key) as string).trim() === '')).toEqual([]);
  });
});

describe('pl texts', () => {
  it('have exactly the keys of the English ones (the type says so too)', () => {
    expect(leaves(pl).sort()).toEqual(leaves(en).sort());
  });

  // Loaded part by part like English (lib/i18n.ts): each part has its English part's keys, so a screen's texts
  // come with that screen.
  it.each([
    ['pl-start', plStart, enStart],
    ['pl-forms', plForms, enForms],
    ['pl-try', plTry, enTry],
    ['pl-app', plApp, enApp],
  ])('%s has exactly the keys of its English part', (_part, polish, english) => {
    expect(leaves(polish).sort()).toEqual(leaves(english).sort());
  });

  it('have the agent page’s payment texts, translated', () => {
    const keys = leaves(en.agent.payment);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const text = lookup(pl.agent.payment, key);
      expect(typeof text).toBe('string');
      expect(text).not.toBe(lookup(en.agent.payment, key));
    }
  });
});

describe('the spec’s literal English texts', () => {
  it.each([
    ['signIn.heading', 'Welcome Back!'],
    ['signIn.text', 'Choose an option to continue'],
    ['signIn.submit', 'Continue with Email'],
    ['signIn.connecting', 'Connecting...'],
    ['signIn.forgotPassword', 'Forgot password'],
    ['signIn.signUp', 'Sign up'],
    ['errorPage.title', 'Oops! Something went wrong'],
    ['errorPage.goBack', 'Go Back'],
    ['chatTitleRequired', 'Chat title is required.'],
    ['chatTitleMinLength', 'Chat title must be at least 1 character long.'],
    ['chatTitleMaxLength', 'Chat title cannot be more than 255 characters long.'],
    ['bloomNameRequired', 'Bloom name is required.'],
    ['bloomNameMinLength', 'Bloom name must be at least 1 character long.'],
    ['bloomNameMaxLength', 'Bloom name cannot be more than 255 characters long.'],
    ['fileRequired', 'File is required.'],
    ['dialogs.userDeleteFailed', 'Failed to delete user. Please try again.'],
    ['download.notAvailable', 'Download not available for this platform.'],
    ['download.failed', 'Failed to download file. Please try again.'],
    ['sidebar.unlimited', 'UNLIMITED'],
    ['sidebar.renewal', 'Renewal: {{date}}'],
    ['profile.prompts.limit', 'Prompts limit per month (0 means the default limit)'],
    ['profile.prompts.renewalDays', 'Renewal frequency in days (0 means the default)'],
    ['resendConfirmation.action', 'Send the confirmation e-mail again'],
    ['signUp.sent.text', 'Check your inbox: we sent a confirmation link to {{email}}'],
    ['forgotPassword.sent.text', 'If an account exists for {{email}}, we sent a link to reset its password.'],
    ['apiErrors.unknown_error', 'An unknown error occurred. Please try again.'],
    [
      'apiErrors.authorization.account_not_active',
      'Account is under verification. You will receive an email when it is approved.',
    ],
  ])('%s is "%s"', (key, text) => {
    expect(lookup(en, key)).toBe(text);
  });
});

describe('the keys the source asks for', () => {
  // Every source file's text, so a t('…') call with a key that en.ts lacks fails here rather than showing
  // the bare key on screen.
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('exist in the English texts', () => {
    const missing = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/\bt\(\s*'([^']+)'/g)]
        .map((match) => match[1]!)
        .filter((key) => typeof lookup(en, key) !== 'string')
        .map((key) => `${file}: ${key}`),
    );
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
