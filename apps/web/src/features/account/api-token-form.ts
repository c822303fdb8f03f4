import { API_TOKEN_DAYS_MAX, API_TOKEN_NAME_MAX } from '@greenhouse/contracts';
import * as z from 'zod/mini';

/** The expiries offered when a token is created, in days (the API takes any from 1 to 365). */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_TOKEN_EXPIRY_DAYS = 30;

/**
 * The create-token form: the API's rules (contracts' createApiTokenRequestSchema) with the app's texts as
 * messages (the request schema's messages are API codes, whose texts are under apiErrors).
 */
export const createTokenFormSchema = z.object({
  name: z
    .string({ error: 'apiErrors.token.name_required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'apiErrors.token.name_required' }),
      z.maxLength(API_TOKEN_NAME_MAX, { error: 'apiErrors.token.name_too_long' }),
    ),
  expiresInDays: z
    .int({ error: 'validation.required' })
    .check(
      z.minimum(1, { error: 'validation.required' }),
      z.maximum(API_TOKEN_DAYS_MAX, { error: 'validation.required' }),
    ),
});
export type CreateTokenForm = z.infer<typeof createTokenFormSchema>;

/** The fields a server error may name (params.field). */
export const createTokenFields = ['name', 'expiresInDays'] as const;
