import { emailConfirmedResponseSchema, emailSentResponseSchema } from '@greenhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /auth/email/confirm: spends the single-use token of the e-mail's link. */
export const confirmEmail = (token: string) =>
  apiClient.post('/auth/email/confirm', { body: { token }, schema: emailConfirmedResponseSchema });

/**
 * POST /auth/email/resend: a new confirmation link (202 for every address; 429
 * email_confirmation_token_already_sent when asked again within a minute).
 */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post('/auth/email/resend', { body: { email }, schema: emailSentResponseSchema }),
  });
}
