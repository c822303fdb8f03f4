import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { linkPath, waitForEmail } from './outbox.js';

export const PASSWORD = 'Garden#2026';
let counter = 0;

export function newEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** The API as the web app calls it: through the browser context's cookies, with the CSRF header. */
async function api(context: BrowserContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  if (method === 'GET') return context.request.get(path);
  const cookies = await context.cookies();
  let xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) {
    await context.request.get('/api/health');
    xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  }
  return context.request.post(path, { data, headers: { 'X-XSRF-TOKEN': xsrf! } });
}

/**
 * Signs a new account up (in `language`, default the server's choice) and confirms it from the outbox
 * e-mail, without signing in; answers the confirmation link's path (used up by now).
 */
export async function confirmedAccount(
  context: BrowserContext,
  email: string,
  language?: 'en' | 'pl',
): Promise<string> {
  await api(context, 'GET', '/api/health');
  const signUp = await api(context, 'POST', '/api/auth/signup', {
    email,
    password: PASSWORD,
    firstName: 'Uma',
    lastName: 'User',
    ...(language ? { language } : {}),
  });
  expect(signUp.status()).toBe(201);
  const mail = await waitForEmail(email, /Greenhouse/);
  const link = linkPath(mail, 'email-confirmation');
  const token = new URLSearchParams(link.split('?')[1]).get('token');
  expect((await api(context, 'POST', '/api/auth/email/confirm', { token })).status()).toBe(200);
  return link;
}

/** Signs a new account up, confirms it from the outbox e-mail and signs the context in. */
export async function signedInContextUser(
  context: BrowserContext,
  email = newEmail('user'),
  language?: 'en' | 'pl',
): Promise<string> {
  await confirmedAccount(context, email, language);
  await signIn(context, email, PASSWORD);
  return email;
}

export async function signIn(context: BrowserContext, email: string, password: string): Promise<void> {
  const res = await api(context, 'POST', '/api/auth/signin', { email, password });
  expect(res.status()).toBe(200);
}
