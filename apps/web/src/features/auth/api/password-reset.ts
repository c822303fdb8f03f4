import { emailSentResponseSchema, type SetNewPasswordForm } from '@greenhouse/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /auth/password/reset: the same 202 for every address; 429 when asked again too soon. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post('/auth/password/reset', { body: { email }, schema: emailSentResponseSchema }),
  });
}

/** POST /auth/password/reset/set: the new password for the token of the e-mail's link (204). */
export function useSetNewPassword() {
  return useMutation({
    mutationFn: (form: SetNewPasswordForm) =>
      apiClient.post<unknown>('/auth/password/reset/set', { body: form }),
  });
}
