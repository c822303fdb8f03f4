import {
  roleNames,
  signUpFormSchema,
  type AdminAccount,
  type NumericInputOptions,
  type UpdateAdminAccountRequest,
} from '@greenhouse/contracts';
import * as z from 'zod/mini';

/**
 * The allowance fields' numeric-input rules (docs/product-rules.md §5): whole numbers from 0 (the default) to
 * a million.
 */
export const allowanceInput: NumericInputOptions = { min: 0, max: 1_000_000, allowDecimals: false };

// An empty allowance field cannot be saved; anything else it holds passed checkNumericInput as typed.
const allowanceText = z.string().check(z.minLength(1, { error: 'validation.required' }));

/** The admin's form of an account: the names as sign-up checks them, the numbers as typed (text). */
export const accountFormSchema = z.object({
  firstName: signUpFormSchema.shape.firstName,
  lastName: signUpFormSchema.shape.lastName,
  role: z.enum(roleNames, { error: 'validation.required' }),
  active: z.boolean(),
  emailConfirmed: z.boolean(),
  prompts: z.object({ limit: allowanceText, renewalDays: allowanceText }),
});
export type AccountForm = z.infer<typeof accountFormSchema>;

/** The fields a server error may name (params.field), as the form names them. */
export const accountFormFields = [
  'firstName',
  'lastName',
  'role',
  'active',
  'emailConfirmed',
  'prompts.limit',
  'prompts.renewalDays',
] as const;

export function accountFormValues(account: AdminAccount): AccountForm {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    role: account.role.name,
    active: account.active,
    emailConfirmed: account.emailConfirmed,
    prompts: {
      limit: String(account.promptSettings.limit),
      renewalDays: String(account.promptSettings.renewalDays),
    },
  };
}

/**
 * The PUT body for what the form changed, and nothing else (an unchanged field is not sent, so an edit
 * cannot undo another admin's change of another field); null when nothing changed.
 */
export function accountChanges(account: AdminAccount, form: AccountForm): UpdateAdminAccountRequest | null {
  const changes: UpdateAdminAccountRequest = {};
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  if (firstName !== account.firstName) changes.firstName = firstName;
  if (lastName !== account.lastName) changes.lastName = lastName;
  if (form.role !== account.role.name) changes.role = form.role;
  if (form.active !== account.active) changes.active = form.active;
  if (form.emailConfirmed !== account.emailConfirmed) changes.emailConfirmed = form.emailConfirmed;
  const limit = Number(form.prompts.limit);
  const renewalDays = Number(form.prompts.renewalDays);
  const prompts: NonNullable<UpdateAdminAccountRequest['prompts']> = {};
  if (limit !== account.promptSettings.limit) prompts.limit = limit;
  if (renewalDays !== account.promptSettings.renewalDays) prompts.renewalDays = renewalDays;
  if (Object.keys(prompts).length > 0) changes.prompts = prompts;
  return Object.keys(changes).length > 0 ? changes : null;
}
