import { describe, it, expect } from 'vitest';
import {
  apiErrorSchema,
  defaultErrorMessages,
  errorCodes,
  errorTypeOf,
  isErrorCode,
  serviceUnavailableError,
  statusOf,
  type ErrorCode,
} from './errors.js';

// The codes of docs/product-rules.md §8, written out again on purpose:
// a renamed or dropped code must fail here.
const specCodes = [
  'FORBIDDEN',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'NOT_FOUND',
  'NOT_IMPLEMENTED_YET',
  'http_error',
  'unknown_error',
  ...[
    'not_found',
    'registered_with_social_provider',
    'first_name_required',
    'first_name_too_long',
    'last_name_required',
    'last_name_too_long',
    'new_password_same_as_current_password',
    'invalid_current_password',
    'password_too_short',
    'password_too_long',
    'password_invalid',
    'role_invalid',
    'prompts_insufficient',
  ].map((c) => `account.${c}`),
  ...[
    'unauthorized',
    'session_expired',
    'email_already_in_use',
    'email_required',
    'email_invalid',
    'password_required',
    'password_too_short',
    'password_too_long',
    'password_invalid',
    'first_name_required',
    'first_name_too_long',
    'last_name_required',
    'last_name_too_long',
    'invalid_credentials',
    'account_not_active',
    'email_not_confirmed',
    'invalid_email_confirmation_token',
    'email_confirmation_token_already_sent',
    'invalid_or_expired_password_reset_token',
    'password_reset_token_already_sent',
    'sso_invalid_state',
    'sso_invalid_code',
    'account_already_registered_with_email',
    'account_not_registered_with_email',
    'failed_to_get_user_data',
  ].map((c) => `authorization.${c}`),
  ...[
    'not_found',
    'missing_file',
    'invalid_file',
    'invalid_json',
    'name_required',
    'name_too_long',
    'file_name_too_long',
    'file_not_found',
  ].map((c) => `bloom.${c}`),
  ...[
    'not_found',
    'title_required',
    'title_too_long',
    'message_empty',
    'message_too_long',
    'not_ready_to_generate',
    'closed',
    'answering',
  ].map((c) => `chat.${c}`),
  'access.forbidden',
  'query.invalid_param',
  'header.invalid',
  ...['not_found', 'name_required', 'name_too_long', 'files_not_found'].map((c) => `model.${c}`),
  ...['already_paid', 'not_found', 'not_initialized', 'customer_not_found'].map((c) => `payment.${c}`),
];

const ourCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYLOAD_TOO_LARGE: 413,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  CONFLICT: 409,
  CSRF_INVALID: 403,
};

// Issue 21: the admin panel and the settings page.
const adminAndSettingsCodes = {
  'account.cannot_delete_self': 409,
  'account.last_admin': 409,
  'account.reauthentication_needed': 403,
  'bloom.not_failed': 409,
  'session.not_found': 404,
  'token.not_found': 404,
  'token.name_required': 400,
  'token.name_too_long': 400,
  'token.limit_reached': 409,
};

// Issue 33: an agent's versions.
const versionCodes = {
  'bloom.version_in_progress': 409,
  'bloom.version_not_found': 404,
  'bloom.only_version': 409,
  // "Edit and retrain" on a protocol that has no draft form.
  'bloom.not_editable': 409,
};

// Issue 34: share links.
const shareCodes = {
  'share.not_found': 404,
};

const validationKeys = [
  'validation.required',
  'validation.email',
  'validation.stringMin',
  'validation.stringMax',
  'validation.numberMin',
  'validation.numberMax',
  'validation.arrayMin',
  // Issue 19: NUL or a lone surrogate (storable-text.ts).
  'validation.invalid_characters',
];

const allCodes = Object.keys(errorCodes) as ErrorCode[];

describe('errorCodes', () => {
  it('contains every code of the spec, spelled as the spec spells it', () => {
    const missing = specCodes.filter((c) => !isErrorCode(c));
    expect(missing).toEqual([]);
  });

  it('contains exactly the spec codes, our general codes and the validation keys', () => {
    const expected = new Set([
      ...specCodes,
      ...Object.keys(ourCodes),
      ...Object.keys(adminAndSettingsCodes),
      ...Object.keys(versionCodes),
      ...Object.keys(shareCodes),
      ...validationKeys,
    ]);
    expect(new Set(allCodes)).toEqual(expected);
  });

  it('gives every code a status the clients handle', () => {
    const allowed = new Set([400, 401, 403, 404, 408, 409, 413, 415, 429, 500, 501, 503]);
    const bad = allCodes.filter((c) => !allowed.has(errorCodes[c].status));
    expect(bad).toEqual([]);
  });

  it('gives our general codes their statuses', () => {
    for (const [c, status] of Object.entries({
      ...ourCodes,
      ...adminAndSettingsCodes,
      ...versionCodes,
      ...shareCodes,
    }))
      expect([c, statusOf(c as ErrorCode)]).toEqual([c, status]);
  });

  it('maps the fixed general codes', () => {
    expect(statusOf('INTERNAL')).toBe(500);
    expect(statusOf('SERVICE_UNAVAILABLE')).toBe(503);
    expect(statusOf('NOT_IMPLEMENTED_YET')).toBe(501);
    expect(statusOf('NOT_FOUND')).toBe(404);
    expect(statusOf('FORBIDDEN')).toBe(403);
  });

  it('answers 404 for every *not_found code', () => {
    const notFound = allCodes.filter((c) => /not_found$/i.test(c));
    expect(notFound).toHaveLength(13);
    for (const c of notFound) expect([c, statusOf(c)]).toEqual([c, 404]);
  });

  it('answers 400 for required / too long / too short / invalid input codes and validation keys', () => {
    const inputCodes = allCodes.filter(
      (c) =>
        c.startsWith('validation.') ||
        /_(required|too_long|too_short)$/.test(c) ||
        /\.(password_invalid|email_invalid|invalid_json|invalid_file|missing_file|message_empty)$/.test(c),
    );
    expect(inputCodes.length).toBeGreaterThan(25);
    for (const c of inputCodes) expect([c, statusOf(c)]).toEqual([c, 400]);
  });

  it('keeps 401 for "not signed in" and failed sign-in only', () => {
    const unauthorized = allCodes.filter((c) => statusOf(c) === 401).sort();
    expect(unauthorized).toEqual(
      [
        'UNAUTHORIZED',
        'authorization.unauthorized',
        'authorization.session_expired',
        'authorization.invalid_credentials',
      ].sort(),
    );
    // A 401 signs the user out, so a wrong current password must not be one.
    expect(statusOf('account.invalid_current_password')).toBe(400);
  });

  it('answers 403 for forbidden states of an account', () => {
    for (const c of [
      'FORBIDDEN',
      'CSRF_INVALID',
      'access.forbidden',
      'authorization.account_not_active',
      'authorization.email_not_confirmed',
      'account.registered_with_social_provider',
    ] as const) {
      expect([c, statusOf(c)]).toEqual([c, 403]);
    }
  });

  it('answers 409 for state conflicts and 429 for "too soon"', () => {
    for (const c of [
      'authorization.email_already_in_use',
      'authorization.account_already_registered_with_email',
      'chat.answering',
      'chat.closed',
      'payment.already_paid',
    ] as const) {
      expect([c, statusOf(c)]).toEqual([c, 409]);
    }
    for (const c of [
      'authorization.email_confirmation_token_already_sent',
      'authorization.password_reset_token_already_sent',
      'account.prompts_insufficient',
    ] as const) {
      expect([c, statusOf(c)]).toEqual([c, 429]);
    }
  });
});

describe('isErrorCode', () => {
  it('accepts known codes only', () => {
    expect(isErrorCode('chat.answering')).toBe(true);
    expect(isErrorCode('http_error')).toBe(true);
    expect(isErrorCode('chat.nope')).toBe(false);
    expect(isErrorCode('answering')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('__proto__')).toBe(false);
    expect(isErrorCode(400)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('errorTypeOf', () => {
  it('is validation for 400 codes and error otherwise', () => {
    expect(errorTypeOf('authorization.email_invalid')).toBe('validation');
    expect(errorTypeOf('query.invalid_param')).toBe('validation');
    expect(errorTypeOf('chat.answering')).toBe('error');
    expect(errorTypeOf('INTERNAL')).toBe('error');
  });
});

describe('defaultErrorMessages', () => {
  it('has a non-empty message for every code and nothing else', () => {
    expect(Object.keys(defaultErrorMessages).sort()).toEqual([...allCodes].sort());
    for (const c of allCodes) expect(defaultErrorMessages[c].trim()).not.toBe('');
  });

  it('uses the spec wording where the spec gives one', () => {
    expect(defaultErrorMessages['authorization.account_not_active']).toBe(
      'Account is under verification. You will receive an email when it is approved.',
    );
    expect(defaultErrorMessages.SERVICE_UNAVAILABLE).toBe('Service is currently unavailable');
  });
});

describe('apiErrorSchema', () => {
  it('reads the error body and defaults params to {}', () => {
    const parsed = apiErrorSchema.parse({ code: 'chat.closed', status: 409, message: 'm', type: 'error' });
    expect(parsed).toEqual({ code: 'chat.closed', status: 409, message: 'm', type: 'error', params: {} });
  });

  it('keeps params', () => {
    const body = {
      code: 'query.invalid_param',
      status: 400,
      message: 'm',
      type: 'validation',
      params: { field: 'page' },
    };
    expect(apiErrorSchema.parse(body).params).toEqual({ field: 'page' });
  });

  it('rejects bodies that are not API errors', () => {
    expect(apiErrorSchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ code: 'x', status: 400.5, message: 'm', type: 'error' }).success).toBe(
      false,
    );
    expect(apiErrorSchema.safeParse({ code: 'x', status: '400', message: 'm', type: 'error' }).success).toBe(
      false,
    );
  });

  it('serviceUnavailableError is the spec no-response error and a valid ApiError', () => {
    expect(serviceUnavailableError).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      type: 'error',
      message: 'Service is currently unavailable',
      params: {},
    });
    expect(apiErrorSchema.parse(serviceUnavailableError)).toEqual(serviceUnavailableError);
    expect(statusOf('SERVICE_UNAVAILABLE')).toBe(serviceUnavailableError.status);
  });
});
