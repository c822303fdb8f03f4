import { apiClient } from '../../../lib/api-client';
import { urlResponseSchema } from '../../../lib/url-response';

/** GET /auth/sso/google/url: where to send the browser to sign in with Google. */
export async function fetchGoogleSignInUrl(): Promise<string> {
  const { url } = await apiClient.get('/auth/sso/google/url', { schema: urlResponseSchema });
  return url;
}
