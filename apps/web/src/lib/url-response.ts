// zod/mini: the sign-in page's Google button reads this answer (issue 22: a light first page).
import * as z from 'zod/mini';

/** `{ url }`, the answer of GET /auth/sso/google/url and GET /payment/billing-portal/url (spec §3). */
export const urlResponseSchema = z.object({ url: z.string().check(z.minLength(1)) });
