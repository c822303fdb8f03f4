// zod/mini rather than classic zod: the sign-in, sign-up and password forms are on the first page, and zod/mini
// is tree-shaken to the checks used (issue 22). The API's request schemas, which only the server uses, are in
// requests.ts: a module-level schema is a call the bundler keeps once its module is in, so they stay off the
// web app's first page by being in a module the web app does not reach.
import * as z from 'zod/mini';
import { email, mustMatch, password, requiredRaw, text } from './form-fields.js';

// Limits of docs/product-rules.md §5 and §9 (the password's are in password-rule.ts).
export const FIRST_NAME_MAX = 32;
export const LAST_NAME_MAX = 64;
export const CHAT_TITLE_MAX = 255;
/**
 * Client-side limit; the server limit is BLOOM_NAME_SERVER_MAX (docs/product-rules.md §9: both readings
 * stand).
 */
export const BLOOM_NAME_MAX = 255;
export const BLOOM_NAME_SERVER_MAX = 128;
export const FILE_NAME_MAX = 128;
export const CHAT_MESSAGE_MAX = 256;
export const PAGE_SIZE = 10;

/** Also the database enum `language` (packages/db makes it from this list: a change needs a migration). */
export const languages = ['en', 'pl'] as const;
export type Language = (typeof languages)[number];

// ---------------------------------------------------------------------------------------------------------
// Predicates
// ---------------------------------------------------------------------------------------------------------

// zod's own e-mail pattern, so the predicate and the schemas accept exactly the same addresses.
const EMAIL_RE = z.regexes.email;
const NAME_FORMAT_RE = /^[A-Za-z0-9._]+$/;
const NUMBER_RE = /^-?(?:\d+\.?\d*|\.\d+)$/;

export function isValidEmail(s: string): boolean {
  return EMAIL_RE.test(s);
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
 * Whether a numeric text input may take `value` as the user types it (docs/product-rules.md §5). Partial
 * input is allowed: '' and a lone '-' (only if negative numbers are possible). A lone '.' is turned into '0';
 * otherwise the accepted value is returned unchanged.
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
// Form schemas (client). Messages are i18n keys of docs/product-rules.md §5.
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
