import { schema } from '@greenhouse/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { linkIn, startSmtpPeer, type SmtpPeer } from './support/smtp-peer.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Outcomes of the auth calls that must say what happened, through real HTTP (a listening port, fetch):
// a confirmation link opened again, and Google sign-in on a server without it.
const APP_URL = 'http://greenhouse.test:3000';
const PASSWORD = 'Garden#2026';

let smtp: SmtpPeer;
let t: TestApp;
let base: string;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // No GOOGLE_CLIENT_ID/SECRET: Google sign-in is off.
  t = await createTestApp({ env: { SMTP_URL: smtp.url, APP_URL } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app is not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function client(): Promise<HttpClient> {
  const c = new HttpClient(base);
  await c.get('/api/health'); // the CSRF cookie
  return c;
}

/** Signs a new address up; answers the token of its confirmation link. */
async function signUp(): Promise<{ email: string; token: string }> {
  counter += 1;
  const email = `outcome${counter}.${Date.now()}@example.com`;
  const before = smtp.messages.length;
  const c = await client();
  const res = await c.post('/api/auth/signup', {
    email,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  expect(res.status).toBe(201);
  const link = linkIn(
    await smtp.waitFor(email, { after: before }),
    `${APP_URL}/auth/email-confirmation?token=`,
  );
  return { email, token: link.searchParams.get('token')! };
}

describe('a confirmation link opened again', () => {
  it('says the address is already confirmed, and the link still confirms nothing a second time', async () => {
    const { email, token } = await signUp();
    const c = await client();
    expect(await c.post('/api/auth/email/confirm', { token })).toMatchObject({
      status: 200,
      json: { status: 'confirmed' },
    });

    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
    const stored = () =>
      t.database.db.select().from(schema.emailTokens).where(eq(schema.emailTokens.userId, user!.id));
    const afterFirstUse = await stored();
    expect(afterFirstUse).toHaveLength(1);
    expect(afterFirstUse[0]!.usedAt).not.toBeNull();

    const again = await c.post('/api/auth/email/confirm', { token });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      code: 'CONFLICT',
      status: 409,
      type: 'error',
      message: 'This e-mail address is already confirmed.',
      params: { reason: 'email_already_confirmed' },
    });
    // From another client too: it is the link that was used, not this browser.
    expect((await (await client()).post('/api/auth/email/confirm', { token })).json).toMatchObject({
      params: { reason: 'email_already_confirmed' },
    });
    // Single use stands: the used token is not spent again (nothing is written), and the account is as it was.
    expect(await stored()).toEqual(afterFirstUse);
    const [unchanged] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, user!.id));
    expect(unchanged!.emailConfirmedAt).toEqual(user!.emailConfirmedAt);
    expect((await c.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
  });

  it('still calls an unknown or unused-but-wrong token not valid', async () => {
    const c = await client();
    const unknown = await c.post('/api/auth/email/confirm', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      code: 'authorization.invalid_email_confirmation_token',
      params: {},
    });

    // A newer link replaces an older, unused one: the older one is not valid (and was never used).
    const { email, token: first } = await signUp();
    const before = smtp.messages.length;
    // The resend throttle allows one e-mail a minute: move the first one's time back.
    await t.database.db
      .update(schema.emailThrottle)
      .set({ lastSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(schema.emailThrottle.address, email.toLowerCase()));
    expect((await c.post('/api/auth/email/resend', { email })).status).toBe(202);
    const second = linkIn(
      await smtp.waitFor(email, { after: before }),
      `${APP_URL}/auth/email-confirmation?token=`,
    ).searchParams.get('token')!;
    expect((await c.post('/api/auth/email/confirm', { token: first })).json).toMatchObject({
      code: 'authorization.invalid_email_confirmation_token',
    });
    expect((await c.post('/api/auth/email/confirm', { token: second })).json).toEqual({
      status: 'confirmed',
    });
  });
});

describe('Google sign-in on a server without it', () => {
  it('answers both calls with NOT_FOUND that names the reason, never a bare "not found"', async () => {
    const c = await client();
    const expected = {
      code: 'NOT_FOUND',
      status: 404,
      type: 'error',
      message: 'Google sign-in is not configured on this server.',
      params: { reason: 'sso_not_configured' },
    };
    const url = await c.get('/api/auth/sso/google/url');
    expect(url.status).toBe(404);
    expect(url.json).toEqual(expected);
    const callback = await c.post('/api/auth/sso/google/callback', { code: 'abc', state: 'def' });
    expect(callback.status).toBe(404);
    expect(callback.json).toEqual(expected);
    expect((await c.get('/config.json')).json).toMatchObject({ googleSignIn: false });
  });
});
