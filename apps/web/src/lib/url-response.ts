import { z } from 'zod';

/** `{ url }`, the answer of GET /auth/sso/google/url and GET /payment/billing-portal/url (spec §3). */
export const urlResponseSchema = z.object({ url: z.string().min(1) });
