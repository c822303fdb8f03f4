import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { formErrorOutcome, visibleFieldError } from './form-errors';
import { i18n } from './i18n';

const apiError = (code: string, params: Record<string, unknown> = {}) =>
  new ApiRequestError({ code, status: 400, message: code, type: 'validation', params });

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

describe('formErrorOutcome', () => {
  it('puts the error on the field that params.field names', () => {
    expect(
      formErrorOutcome(apiError('account.invalid_current_password', { field: 'currentPassword' }), fields),
    ).toEqual({
      kind: 'field',
      field: 'currentPassword',
      messageKey: 'apiErrors.account.invalid_current_password',
    });
  });

  it('sends errors without a known field to the form', () => {
    expect(formErrorOutcome(apiError('account.registered_with_social_provider'), fields)).toEqual({
      kind: 'form',
      code: 'account.registered_with_social_provider',
      messageKey: 'apiErrors.account.registered_with_social_provider',
    });
    expect(formErrorOutcome(apiError('header.invalid', { field: 'toString' }), fields)).toMatchObject({
      kind: 'form',
    });
    expect(formErrorOutcome(new Error('boom'), fields)).toEqual({
      kind: 'form',
      code: undefined,
      messageKey: 'apiErrors.unknown_error',
    });
  });
});

describe('visibleFieldError', () => {
  const t = i18n.getFixedT('en');
  const required = { type: 'too_small', message: 'validation.required' };

  it('hides a client-side error until the field is touched or the form submitted', () => {
    expect(visibleFieldError(t, required, false, false)).toBeUndefined();
    expect(visibleFieldError(t, required, true, false)).toBe('This field is required.');
    expect(visibleFieldError(t, required, false, true)).toBe('This field is required.');
  });

  it('always shows the server’s error', () => {
    const server = { type: 'server', message: 'apiErrors.account.invalid_current_password' };
    expect(visibleFieldError(t, server, false, false)).toBe('The current password is incorrect.');
  });
});
