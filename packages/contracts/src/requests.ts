// The API's request schemas (server-side validation of bodies), apart from the form schemas of validation.ts so
// that the web app, which sends these bodies but does not validate them, never bundles them (issue 22).
import * as z from 'zod/mini';
import { code, email, mustMatch, password, requiredRaw, text } from './form-fields.js';
import {
  SCENARIO_EXPECT_MAX,
  SCENARIO_INSTRUCTION_MAX,
  SCENARIO_LINES_MAX,
  SCENARIO_NUMBERS_MAX,
  SCENARIO_TEXT_MAX,
  SCENARIOS_MAX,
} from './scenarios.js';
import {
  BLOOM_NAME_SERVER_MAX,
  CHAT_TITLE_MAX,
  FIRST_NAME_MAX,
  LAST_NAME_MAX,
  languages,
} from './validation.js';

// ---------------------------------------------------------------------------------------------------------
// Request schemas (API bodies). Messages are API error codes of docs/product-rules.md §8: the server answers
// with the first issue's message as `code` and the issue path as `params.field`.
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

// No dedicated "passwords do not match" code exists in docs/product-rules.md §8: a mismatch is reported as
// password_invalid on confirmPassword.
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

// Scenario fields: the spec's default validation keys, with the bound (params.max); arrays too long answer the
// error handler's default for their kind. Whether a case fits the agent's protocol is the server's check.
const scenarioText = (max: number) =>
  text(max, {
    required: code('validation.required'),
    min: code('validation.required'),
    max: code('validation.stringMax'),
  });

export const scenariosRequestSchema = z.object({
  gateDownload: z.boolean({ error: code('validation.required') }),
  scenarios: z
    .array(
      z.object({
        instruction: scenarioText(SCENARIO_INSTRUCTION_MAX),
        inputs: z
          .array(
            z.object({
              text: scenarioText(SCENARIO_TEXT_MAX),
              numbers: z.optional(z.array(z.number()).check(z.maxLength(SCENARIO_NUMBERS_MAX))),
            }),
          )
          .check(z.minLength(1), z.maxLength(SCENARIO_LINES_MAX)),
        expect: scenarioText(SCENARIO_EXPECT_MAX),
      }),
    )
    .check(z.maxLength(SCENARIOS_MAX)),
});
export type ScenariosRequest = z.infer<typeof scenariosRequestSchema>;
