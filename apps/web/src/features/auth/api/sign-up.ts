import { emailSentResponseSchema, type Language, type SignUpForm } from '@greenhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /auth/signup with the UI's language (the new account's e-mails use it). The answer is the same
 * whether or not the address already has an account: the screen always says "check your inbox".
 */
export function useSignUp() {
  return useMutation({
    mutationFn: ({ form, language }: { form: SignUpForm; language: Language }) =>
      apiClient.post('/auth/signup', { body: { ...form, language }, schema: emailSentResponseSchema }),
  });
}
