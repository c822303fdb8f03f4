import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { deleteErrorKey } from './delete-error';

const t = i18n.getFixedT('en');

describe('deleteErrorKey', () => {
  it('has its own text for userDeleteFailed', () => {
    expect(t(deleteErrorKey('userDeleteFailed'))).toBe('Failed to delete user. Please try again.');
  });

  it('uses the apiErrors text of any other code', () => {
    expect(t(deleteErrorKey('chat.not_found'))).toBe('Chat not found.');
  });

  it('falls back to the unknown-error text for an unknown code or no code', () => {
    expect(t(deleteErrorKey('no_such_code'))).toBe('An unknown error occurred. Please try again.');
    expect(t(deleteErrorKey(undefined))).toBe('An unknown error occurred. Please try again.');
  });
});
