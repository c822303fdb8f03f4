import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { signInErrorOutcome } from './sign-in-error';

const apiError = (code: string, params: Record<string, unknown> = {}) =>
  new ApiRequestError({ code, status: 400, message: code, type: 'error', params });

describe('signInErrorOutcome', () => {
  it('puts the error on the field that params.field names', () => {
    expect(signInErrorOutcome(apiError('authorization.email_invalid', { field: 'email' }))).toEqual({
      kind: 'field',
      field: 'email',
      messageKey: 'apiErrors.authorization.email_invalid',
    });
  });

  it('shows account_not_active as an info banner', () => {
    expect(signInErrorOutcome(apiError('authorization.account_not_active'))).toEqual({
      kind: 'info',
      messageKey: 'apiErrors.authorization.account_not_active',
    });
  });

  it('shows email_not_confirmed as a banner that can send the confirmation again', () => {
    expect(signInErrorOutcome(apiError('authorization.email_not_confirmed'))).toEqual({
      kind: 'unconfirmed',
      messageKey: 'apiErrors.authorization.email_not_confirmed',
    });
  });

  it('puts any other error on the password field', () => {
    expect(signInErrorOutcome(apiError('authorization.invalid_credentials'))).toEqual({
      kind: 'field',
      field: 'password',
      messageKey: 'apiErrors.authorization.invalid_credentials',
    });
  });

  it('ignores a params.field the form does not have', () => {
    expect(signInErrorOutcome(apiError('header.invalid', { field: 'x-foo' }))).toMatchObject({
      field: 'password',
    });
    expect(signInErrorOutcome(apiError('header.invalid', { field: 'toString' }))).toMatchObject({
      field: 'password',
    });
  });

  it('falls back to the unknown-error text for unknown codes and non-API errors', () => {
    expect(signInErrorOutcome(apiError('brand_new_code'))).toMatchObject({
      messageKey: 'apiErrors.unknown_error',
    });
    expect(signInErrorOutcome(new Error('boom'))).toEqual({
      kind: 'field',
      field: 'password',
      messageKey: 'apiErrors.unknown_error',
    });
  });
});
