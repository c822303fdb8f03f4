// The password rule (docs/product-rules.md §5): its own module so that the field builders (form-fields.ts),
// which the form schemas and the request schemas are made from, can use it without importing validation.ts.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const PASSWORD_SPECIALS = '@$!%*#?&';
// ASCII only, like the special characters: "letters" means A-Z and a-z.
const PASSWORD_ALLOWED_RE = /^[A-Za-z0-9@$!%*#?&]*$/;

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
