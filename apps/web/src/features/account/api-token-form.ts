import { API_TOKEN_DAYS_MAX, API_TOKEN_NAME_MAX } from '@greenhouse/contracts';
import { z } from 'zod';

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
    .trim()
    .min(1, { error: 'apiErrors.token.name_required' })
    .max(API_TOKEN_NAME_MAX, { error: 'apiErrors.token.name_too_long' }),
  expiresInDays: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(API_TOKEN_DAYS_MAX, { error: 'validation.required' }),
});
export type CreateTokenForm = z.infer<typeof createTokenFormSchema>;

/** The fields a server error may name (params.field). */
export const createTokenFields = ['name', 'expiresInDays'] as const;
