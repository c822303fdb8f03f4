// Field builders: the form schemas (validation.ts, client) and the request schemas (requests.ts, server) are both
// made from these, so client and server rules cannot drift. Not exported by the package's index.
import * as z from 'zod/mini';
import type { ErrorCode } from './errors.js';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type PasswordProblem } from './password-rule.js';

export interface TextMessages {
  /** Missing, wrong type or '' as typed. */
  required: string;
  /** Only whitespace (empty after trimming). */
  min: string;
  max: string;
}

/** Required, trimmed text of 1..max characters. */
export function text(max: number, m: TextMessages) {
  return z.string({ error: m.required }).check(
    // abort: no further messages for an empty field.
    z.minLength(1, { error: m.required, abort: true }),
    z.trim(),
    z.minLength(1, { error: m.min, abort: true }),
    z.maxLength(max, { error: m.max }),
  );
}

/** Required, trimmed e-mail address. */
export function email(m: { required: string; invalid: string }) {
  return z
    .string({ error: m.required })
    .check(
      z.trim(),
      z.minLength(1, { error: m.required, abort: true }),
      z.regex(z.regexes.email, { error: m.invalid }),
    );
}

/** Required string, not trimmed (passwords, tokens). */
export function requiredRaw(required: string) {
  return z.string({ error: required }).check(z.minLength(1, { error: required, abort: true }));
}

/**
 * Required password obeying the password rule; never trimmed. The lengths are zod's own checks so
 * an issue carries its bound (the API answers it as params.min / params.max); the format check
 * runs only on a password of valid length, as in passwordProblem.
 */
export function password(m: { required: string } & Record<PasswordProblem, string>) {
  return requiredRaw(m.required).check(
    z.minLength(PASSWORD_MIN, { error: m.passwordMinLength, abort: true }),
    z.maxLength(PASSWORD_MAX, { error: m.passwordMaxLength, abort: true }),
    z.refine((value) => passwordProblem(value) === null, { error: m.passwordFormat }),
  );
}

/** Adds `message` on `confirmKey` when both passwords are given and differ (passes if either is empty). */
export function mustMatch<K extends string, C extends string>(
  passwordKey: K,
  confirmKey: C,
  message: string,
) {
  return (value: Record<K | C, string>, ctx: z.core.$RefinementCtx) => {
    const a = value[passwordKey];
    const b = value[confirmKey];
    if (a !== '' && b !== '' && a !== b) ctx.addIssue({ code: 'custom', message, path: [confirmKey] });
  };
}

// Typed identity: a misspelt error code in a request schema fails to compile.
export const code = (c: ErrorCode): ErrorCode => c;
