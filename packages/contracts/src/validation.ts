// zod/mini rather than classic zod: the sign-in, sign-up and password forms are on the first page, and zod/mini
// is tree-shaken to the checks used (issue 22). Server-only schemas elsewhere may compose these.
import * as z from 'zod/mini';
import type { ErrorCode } from './errors.js';

// Limits of spec §5 and §9.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const FIRST_NAME_MAX = 32;
export const LAST_NAME_MAX = 64;
export const CHAT_TITLE_MAX = 255;
/** Client-side limit; the server limit is BLOOM_NAME_SERVER_MAX (spec §9: both readings stand). */
export const BLOOM_NAME_MAX = 255;
export const BLOOM_NAME_SERVER_MAX = 128;
export const FILE_NAME_MAX = 128;
export const CHAT_MESSAGE_MAX = 256;
export const PAGE_SIZE = 10;
export const PASSWORD_SPECIALS = '@$!%*#?&';

/** Also the database enum `language` (packages/db makes it from this list: a change needs a migration). */
export const languages = ['en', 'pl'] as const;
export type Language = (typeof languages)[number];

// ---------------------------------------------------------------------------------------------------------
// Predicates
// ---------------------------------------------------------------------------------------------------------

// zod's own e-mail pattern, so the predicate and the schemas accept exactly the same addresses.
const EMAIL_RE = z.regexes.email;
// ASCII only, like the special characters: "letters" means A-Z and a-z.
const PASSWORD_ALLOWED_RE = /^[A-Za-z0-9@$!%*#?&]*$/;
const NAME_FORMAT_RE = /^[A-Za-z0-9._]+$/;
const NUMBER_RE = /^-?(?:\d+\.?\d*|\.\d+)$/;

export function isValidEmail(s: string): boolean {
  return EMAIL_RE.test(s);
}

export type PasswordProblem = 'passwordMinLength' | 'passwordMaxLength' | 'passwordFormat';

/** The first problem with a password (length before format), or null if it is acceptable. */
export function passwordProblem(s: string): PasswordProblem | null {
  if (s.length < PASSWORD_MIN) return 'passwordMinLength';
  if (s.length > PASSWORD_MAX) return 'passwordMaxLength';
  const ok =
    PASSWORD_ALLOWED_RE.test(s) &&
    /[a-z]/.test(s) &&
    /[A-Z]/.test(s) &&
    /[0-9]/.test(s) &&
    [...PASSWORD_SPECIALS].some((c) => s.includes(c));
  return ok ? null : 'passwordFormat';
}

/** Dataset/model name format: letters, numbers, dots and underscores (non-empty). */
export function isValidNameFormat(s: string): boolean {
  return NAME_FORMAT_RE.test(s);
}

export interface NumericInputOptions {
  min?: number;
  max?: number;
  /** Defaults to true when `decimals` > 0 is given, otherwise false. */
  allowDecimals?: boolean;
  /** Most decimal places accepted (no limit when absent). */
  decimals?: number;
}

/**
 * Whether a numeric text input may take `value` as the user types it (spec §5). Partial input is allowed:
 * '' and a lone '-' (only if negative numbers are possible). A lone '.' is turned into '0'; otherwise the
 * accepted value is returned unchanged.
 */
export function checkNumericInput(
  value: string,
  opts: NumericInputOptions,
): { ok: true; value: string } | { ok: false } {
  if (value === '') return { ok: true, value };
  if (value === '-') return opts.min === undefined || opts.min < 0 ? { ok: true, value } : { ok: false };
  const text = value === '.' ? '0' : value;
  if (!NUMBER_RE.test(text)) return { ok: false };

  const dot = text.indexOf('.');
  if (dot !== -1) {
    const allowDecimals = opts.allowDecimals ?? (opts.decimals !== undefined && opts.decimals > 0);
    if (!allowDecimals) return { ok: false };
    if (opts.decimals !== undefined && text.length - dot - 1 > opts.decimals) return { ok: false };
  }

  const n = Number(text);
  if (opts.min !== undefined && n < opts.min) return { ok: false };
  if (opts.max !== undefined && n > opts.max) return { ok: false };
  return { ok: true, value: text };
}

/** Minimal shape of a browser File that the upload rule needs. */
export interface UploadFile {
  readonly name: string;
}

export type UploadFileProblem = 'fileRequired' | 'fileMustBeJson';

export function uploadFileProblem(file: UploadFile | null | undefined): UploadFileProblem | null {
  if (!file) return 'fileRequired';
  return file.name.toLowerCase().endsWith('.json') ? null : 'fileMustBeJson';
}

// ---------------------------------------------------------------------------------------------------------
// Field builders: both schema families below are made from these, so client and server rules cannot drift.
// ---------------------------------------------------------------------------------------------------------

interface TextMessages {
  /** Missing, wrong type or '' as typed. */
  required: string;
  /** Only whitespace (empty after trimming). */
  min: string;
  max: string;
}

/** Required, trimmed text of 1..max characters. */
function text(max: number, m: TextMessages) {
  return z.string({ error: m.required }).check(
    // abort: no further messages for an empty field.
    z.minLength(1, { error: m.required, abort: true }),
    z.trim(),
    z.minLength(1, { error: m.min, abort: true }),
    z.maxLength(max, { error: m.max }),
  );
}

/** Required, trimmed e-mail address. */
function email(m: { required: string; invalid: string }) {
  return z
    .string({ error: m.required })
    .check(
      z.trim(),
      z.minLength(1, { error: m.required, abort: true }),
      z.regex(EMAIL_RE, { error: m.invalid }),
    );
}

/** Required string, not trimmed (passwords, tokens). */
function requiredRaw(required: string) {
  return z.string({ error: required }).check(z.minLength(1, { error: required, abort: true }));
}

/**
 * Required password obeying the password rule; never trimmed. The lengths are zod's own checks so
 * an issue carries its bound (the API answers it as params.min / params.max); the format check
 * runs only on a password of valid length, as in passwordProblem.
 */
function password(m: { required: string } & Record<PasswordProblem, string>) {
  return requiredRaw(m.required).check(
    z.minLength(PASSWORD_MIN, { error: m.passwordMinLength, abort: true }),
    z.maxLength(PASSWORD_MAX, { error: m.passwordMaxLength, abort: true }),
    z.refine((value) => passwordProblem(value) === null, { error: m.passwordFormat }),
  );
}

/** Adds `message` on `confirmKey` when both passwords are given and differ (passes if either is empty). */
function mustMatch<K extends string, C extends string>(passwordKey: K, confirmKey: C, message: string) {
  return (value: Record<K | C, string>, ctx: z.core.$RefinementCtx) => {
    const a = value[passwordKey];
    const b = value[confirmKey];
    if (a !== '' && b !== '' && a !== b) ctx.addIssue({ code: 'custom', message, path: [confirmKey] });
  };
}

// Typed identity: a misspelt error code in a request schema fails to compile.
const code = (c: ErrorCode): ErrorCode => c;

// ---------------------------------------------------------------------------------------------------------
// Form schemas (client). Messages are i18n keys of spec §5.
// ---------------------------------------------------------------------------------------------------------

const REQUIRED = 'validation.required';

const formEmail = email({ required: REQUIRED, invalid: 'invalidEmail' });
const formPassword = password({
  required: REQUIRED,
  passwordMinLength: 'passwordMinLength',
  passwordMaxLength: 'passwordMaxLength',
  passwordFormat: 'passwordFormat',
});

export const signInFormSchema = z.object({ email: formEmail, password: formPassword });
export type SignInForm = z.infer<typeof signInFormSchema>;

export const requestResetFormSchema = z.object({ email: formEmail });
export type RequestResetForm = z.infer<typeof requestResetFormSchema>;

export const signUpFormSchema = z.object({
  email: formEmail,
  password: formPassword,
  firstName: text(FIRST_NAME_MAX, {
    required: REQUIRED,
    min: 'firstNameMinLength',
    max: 'firstNameMaxLength',
  }),
  lastName: text(LAST_NAME_MAX, { required: REQUIRED, min: 'lastNameMinLength', max: 'lastNameMaxLength' }),
});
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const setNewPasswordFormSchema = z
  .object({ password: formPassword, confirmPassword: requiredRaw(REQUIRED), token: requiredRaw(REQUIRED) })
  .check(z.superRefine(mustMatch('password', 'confirmPassword', 'passwordsMustMatch')));
export type SetNewPasswordForm = z.infer<typeof setNewPasswordFormSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: requiredRaw(REQUIRED),
    newPassword: formPassword,
    confirmPassword: requiredRaw(REQUIRED),
  })
  .check(z.superRefine(mustMatch('newPassword', 'confirmPassword', 'passwordsMustMatch')));
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

const formChatTitle = text(CHAT_TITLE_MAX, {
  required: 'chatTitleRequired',
  min: 'chatTitleMinLength',
  max: 'chatTitleMaxLength',
});
export const chatTitleFormSchema = z.object({ title: formChatTitle });
export type ChatTitleForm = z.infer<typeof chatTitleFormSchema>;

const formBloomName = text(BLOOM_NAME_MAX, {
  required: 'bloomNameRequired',
  min: 'bloomNameMinLength',
  max: 'bloomNameMaxLength',
});
export const bloomNameFormSchema = z.object({ name: formBloomName });
export type BloomNameForm = z.infer<typeof bloomNameFormSchema>;

export const uploadFormSchema = z.object({
  // Optional: '' (or only whitespace) means "not given" and comes out as undefined.
  name: z.pipe(
    z.optional(
      z
        .string({ error: REQUIRED })
        .check(z.trim(), z.maxLength(BLOOM_NAME_MAX, { error: 'bloomNameMaxLength' })),
    ),
    z.transform((v) => (v === '' ? undefined : v)),
  ),
  file: z.pipe(
    z
      .custom<UploadFile | null | undefined>(
        (v) => v == null || (typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string'),
        { error: 'fileRequired' },
      )
      .check(
        z.superRefine((file, ctx) => {
          const problem = uploadFileProblem(file);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      ),
    // After the check above the file is present; say so in the output type.
    z.transform((file) => file as UploadFile),
  ),
});
export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadForm = z.output<typeof uploadFormSchema>;

// ---------------------------------------------------------------------------------------------------------
// Request schemas (API bodies). Messages are API error codes of spec §8: the server answers with the first
// issue's message as `code` and the issue path as `params.field`.
// ---------------------------------------------------------------------------------------------------------

const authEmail = email({
  required: code('authorization.email_required'),
  invalid: code('authorization.email_invalid'),
});
const authPassword = password({
  required: code('authorization.password_required'),
  passwordMinLength: code('authorization.password_too_short'),
  passwordMaxLength: code('authorization.password_too_long'),
  passwordFormat: code('authorization.password_invalid'),
});
// account.* has no password_required: a missing password is "too short".
const accountPassword = password({
  required: code('account.password_too_short'),
  passwordMinLength: code('account.password_too_short'),
  passwordMaxLength: code('account.password_too_long'),
  passwordFormat: code('account.password_invalid'),
});

function firstName(group: 'authorization' | 'account') {
  const required = code(`${group}.first_name_required`);
  return text(FIRST_NAME_MAX, { required, min: required, max: code(`${group}.first_name_too_long`) });
}
function lastName(group: 'authorization' | 'account') {
  const required = code(`${group}.last_name_required`);
  return text(LAST_NAME_MAX, { required, min: required, max: code(`${group}.last_name_too_long`) });
}

export const signInRequestSchema = z.object({ email: authEmail, password: authPassword });
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const signUpRequestSchema = z.object({
  email: authEmail,
  password: authPassword,
  firstName: firstName('authorization'),
  lastName: lastName('authorization'),
  /** The language the new account's e-mails and screens use; the client sends its current one. */
  language: z.optional(z.enum(languages, { error: code('BAD_REQUEST') })),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const requestResetRequestSchema = z.object({ email: authEmail });
/** Sending the confirmation e-mail again. */
export const resendConfirmationRequestSchema = requestResetRequestSchema;

export const confirmEmailRequestSchema = z.object({
  token: requiredRaw(code('authorization.invalid_email_confirmation_token')).check(
    z.maxLength(200, { error: code('authorization.invalid_email_confirmation_token') }),
  ),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

export const googleCallbackRequestSchema = z.object({
  code: requiredRaw(code('authorization.sso_invalid_code')).check(
    z.maxLength(2048, { error: code('authorization.sso_invalid_code') }),
  ),
  state: requiredRaw(code('authorization.sso_invalid_state')).check(
    z.maxLength(512, { error: code('authorization.sso_invalid_state') }),
  ),
  /** The issuer identifier the provider adds to its answer (RFC 9207), passed on when present. */
  iss: z.optional(z.string().check(z.maxLength(512, { error: code('authorization.sso_invalid_state') }))),
});
export type GoogleCallbackRequest = z.infer<typeof googleCallbackRequestSchema>;
export type RequestResetRequest = z.infer<typeof requestResetRequestSchema>;

// No dedicated "passwords do not match" code exists in §8: a mismatch is reported as password_invalid
// on confirmPassword.
export const setNewPasswordRequestSchema = z
  .object({
    password: authPassword,
    confirmPassword: requiredRaw(code('authorization.password_required')),
    token: requiredRaw(code('authorization.invalid_or_expired_password_reset_token')),
  })
  .check(z.superRefine(mustMatch('password', 'confirmPassword', code('authorization.password_invalid'))));
export type SetNewPasswordRequest = z.infer<typeof setNewPasswordRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: requiredRaw(code('account.invalid_current_password')),
    newPassword: accountPassword,
    confirmPassword: requiredRaw(code('account.password_too_short')),
  })
  .check(
    z.superRefine(mustMatch('newPassword', 'confirmPassword', code('account.password_invalid'))),
    z.superRefine((v, ctx) => {
      if (v.newPassword === v.currentPassword) {
        ctx.addIssue({
          code: 'custom',
          message: code('account.new_password_same_as_current_password'),
          path: ['newPassword'],
        });
      }
    }),
  );
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

// Not strict: unknown keys (e.g. email, role sent back by the client) are stripped.
export const updateAccountRequestSchema = z.object({
  firstName: firstName('account'),
  lastName: lastName('account'),
  language: z.optional(z.enum(languages, { error: code('BAD_REQUEST') })),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

export const chatTitleRequestSchema = z.object({
  title: text(CHAT_TITLE_MAX, {
    required: code('chat.title_required'),
    min: code('chat.title_required'),
    max: code('chat.title_too_long'),
  }),
});
export type ChatTitleRequest = z.infer<typeof chatTitleRequestSchema>;

export const bloomNameRequestSchema = z.object({
  name: text(BLOOM_NAME_SERVER_MAX, {
    required: code('bloom.name_required'),
    min: code('bloom.name_required'),
    max: code('bloom.name_too_long'),
  }),
});
export type BloomNameRequest = z.infer<typeof bloomNameRequestSchema>;
