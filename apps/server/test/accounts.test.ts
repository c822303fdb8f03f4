import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { schema } from '@greenhouse/db';
import { userSchema } from '@greenhouse/contracts';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionClient } from './support/session-client.js';
import { linkIn, startSmtpPeer, type SmtpPeer } from './support/smtp-peer.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient, TEST_PASSWORD } from './support/users.js';
import { SessionStore } from '../src/features/auth/sessions.js';

const APP_URL = 'http://greenhouse.test:3000';
const PASSWORD = 'Garden#2026';

let smtp: SmtpPeer;
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, APP_URL, MAIL_FROM: 'Greenhouse <hello@greenhouse.test>' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function newAddress(): string {
  counter += 1;
  return `user${counter}.${Date.now()}@example.com`;
}

function client(): Promise<SessionClient> {
  return new SessionClient(t.app).prime();
}

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  const c = await client();
  const before = smtp.messages.length;
  const res = await c.post('/api/auth/signup', {
    email,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...extra,
  });
  return { res, mail: () => smtp.waitFor(email, { after: before }) };
}

/** Signs up, confirms from the e-mail's link and signs in; answers the signed-in client. */
async function signedInUser(email = newAddress()): Promise<SessionClient> {
  const { mail } = await signUp(email);
  const token = linkIn(await mail(), `${APP_URL}/auth/email-confirmation`).searchParams.get('token');
  const c = await client();
  expect((await c.post('/api/auth/email/confirm', { token })).status).toBe(200);
  expect((await c.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
  return c;
}

describe('sign-up, confirmation, sign-in and sign-out', () => {
  it('takes a new user through the whole journey with real e-mail', async () => {
    const email = newAddress();
    const { res, mail } = await signUp(email);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email });

    const message = await mail();
    expect(message.subject).toBe('Confirm your Greenhouse account');
    expect(message.html).toContain('Confirm e-mail address');
    const link = linkIn(message, `${APP_URL}/auth/email-confirmation?token=`);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url

    const c = await client();
    const early = await c.post('/api/auth/signin', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('authorization.email_not_confirmed');
    // The confirmation e-mail went out moments ago: asking again is too soon.
    const resend = await c.post('/api/auth/email/resend', { email });
    expect(resend.status).toBe(429);
    expect(resend.body.code).toBe('authorization.email_confirmation_token_already_sent');

    const confirmed = await c.post('/api/auth/email/confirm', { token });
    expect(confirmed.body).toEqual({ status: 'confirmed' });
    // Used once: opened again, the link says the address is already confirmed (and confirms nothing).
    const replayed = await c.post('/api/auth/email/confirm', { token });
    expect(replayed.status).toBe(409);
    expect(replayed.body).toMatchObject({ code: 'CONFLICT', params: { reason: 'email_already_confirmed' } });

    const signIn = await c.post('/api/auth/signin', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const user = z.strictObject(userSchema.shape).parse(signIn.body);
    expect(user).toMatchObject({
      email,
      firstName: 'Ada',
      role: { name: 'user' },
      emailConfirmed: true,
      hasPassword: true,
    });
    expect(user.prompts).toMatchObject({ limit: 50, used: 0, renewalDays: 30 });
    expect(JSON.stringify(signIn.body)).not.toMatch(/argon2|hash/i);
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/greenhouse_session=[^;]+;.*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const data = (await c.get('/api/account/data')).body;
    expect(data.email).toBe(email);
    // Sent without a run-time check (lib/typed-json.ts): already exactly what the schema makes of it.
    expect(data).toEqual(userSchema.parse(data));
    expect((await c.delete('/api/auth/signout')).status).toBe(204);
    const after = await c.get('/api/account/data');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('authorization.unauthorized');
  });

  it('stores only hashes of session and e-mail tokens', async () => {
    const c = await signedInUser();
    const token = c.cookies.get('greenhouse_session')!;
    const rows = await t.database.db.select().from(schema.sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const users = await t.database.db.select().from(schema.users);
    expect(users.every((u) => u.passwordHash === null || u.passwordHash.startsWith('$argon2id$'))).toBe(true);
  });

  it('accepts the session token as a bearer token, without CSRF', async () => {
    const c = await signedInUser();
    const api = new SessionClient(t.app);
    api.headers.authorization = `Bearer ${c.cookies.get('greenhouse_session')}`;
    const res = await api.put('/api/account/data', { firstName: 'Bea', lastName: 'Rer' });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('Bea');
    expect(res.setCookies['XSRF-TOKEN']).toBeUndefined();
  });

  it('ends a session after its idle time', async () => {
    const c = await signedInUser();
    await t.database.db.update(schema.sessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` });
    const res = await c.get('/api/account/data');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('authorization.session_expired');
  });

  it('refuses the session of an account that is no longer active, even before it is deleted', async () => {
    const email = newAddress();
    const c = await signedInUser(email);
    // Only the flag, as in the moment between an admin's deactivation and the end of the sessions.
    await t.database.db.update(schema.users).set({ active: false }).where(eq(schema.users.email, email));
    expect((await c.get('/api/account/data')).status).toBe(401);
  });

  it('writes e-mails in the language of the account', async () => {
    const email = newAddress();
    const { mail } = await signUp(email, { language: 'pl' });
    const message = await mail();
    expect(message.subject).toBe('Potwierdź swoje konto Greenhouse');
    expect(message.text).toContain('Potwierdź adres e-mail');
  });
});

describe('answers that reveal nothing about which addresses have accounts', () => {
  it('answers sign-up with a taken address like a new one, and tells the owner instead', async () => {
    const email = newAddress();
    await signedInUser(email);
    const taken = await signUp(email.toUpperCase());
    const fresh = await signUp(newAddress());
    expect(taken.res.status).toBe(fresh.res.status);
    expect(Object.keys(taken.res.body)).toEqual(Object.keys(fresh.res.body));
    const owners = await taken.mail();
    expect(owners.subject).toBe('You already have a Greenhouse account');
    expect(owners.text).not.toContain('token=');
  });

  it('answers sign-in with an unknown address exactly like a wrong password', async () => {
    const email = newAddress();
    await signedInUser(email);
    const c = await client();
    const unknown = await c.post('/api/auth/signin', { email: newAddress(), password: PASSWORD });
    const wrong = await c.post('/api/auth/signin', { email, password: 'Wrong#2026x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.code).toBe('authorization.invalid_credentials');
  });

  it('answers a reset request the same for known and unknown addresses', async () => {
    const email = newAddress();
    await signedInUser(email);
    const c = await client();
    const known = await c.post('/api/auth/password/reset', { email });
    const unknownAddress = newAddress();
    const unknown = await c.post('/api/auth/password/reset', { email: unknownAddress });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual({ email });
    expect(unknown.body).toEqual({ email: unknownAddress });
    // Too soon is too soon, account or not.
    expect((await c.post('/api/auth/password/reset', { email })).body.code).toBe(
      'authorization.password_reset_token_already_sent',
    );
    expect((await c.post('/api/auth/password/reset', { email: unknownAddress })).body.code).toBe(
      'authorization.password_reset_token_already_sent',
    );
  });
});

describe('passwords', () => {
  it('resets a forgotten password from the e-mailed link, once, ending every session', async () => {
    const email = newAddress();
    const old = await signedInUser(email);
    const c = await client();
    const before = smtp.messages.length;
    await c.post('/api/auth/password/reset', { email });
    const link = linkIn(
      await smtp.waitFor(email, { after: before }),
      `${APP_URL}/auth/password-reset?token=`,
    );
    const token = link.searchParams.get('token');

    const mismatch = await c.post('/api/auth/password/reset/set', {
      password: 'Fresh#2026a',
      confirmPassword: 'Other#2026a',
      token,
    });
    expect(mismatch.body.params.field).toBe('confirmPassword');
    const set = await c.post('/api/auth/password/reset/set', {
      password: 'Fresh#2026a',
      confirmPassword: 'Fresh#2026a',
      token,
    });
    expect(set.status).toBe(204);
    const again = await c.post('/api/auth/password/reset/set', {
      password: 'Other#2026a',
      confirmPassword: 'Other#2026a',
      token,
    });
    expect(again.body.code).toBe('authorization.invalid_or_expired_password_reset_token');

    expect((await old.get('/api/account/data')).status).toBe(401);
    expect((await c.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(401);
    expect((await c.post('/api/auth/signin', { email, password: 'Fresh#2026a' })).status).toBe(200);
  });

  it('refuses a reset token used as a confirmation token (tokens are bound to their purpose)', async () => {
    const email = newAddress();
    await signedInUser(email);
    const c = await client();
    const before = smtp.messages.length;
    await c.post('/api/auth/password/reset', { email });
    const token = linkIn(
      await smtp.waitFor(email, { after: before }),
      `${APP_URL}/auth/password-reset`,
    ).searchParams.get('token');
    expect((await c.post('/api/auth/email/confirm', { token })).body.code).toBe(
      'authorization.invalid_email_confirmation_token',
    );
  });

  it('changes the password, ending the other sessions but not this one', async () => {
    const email = newAddress();
    const a = await signedInUser(email);
    const b = await client();
    await b.post('/api/auth/signin', { email, password: PASSWORD });

    const wrong = await a.post('/api/account/password', {
      currentPassword: 'Wrong#2026x',
      newPassword: 'Newer#2026b',
      confirmPassword: 'Newer#2026b',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'account.invalid_current_password',
      params: { field: 'currentPassword' },
    });

    const same = await a.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(same.body.code).toBe('account.new_password_same_as_current_password');

    const ok = await a.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'Newer#2026b',
      confirmPassword: 'Newer#2026b',
    });
    expect(ok.status).toBe(204);
    expect((await a.get('/api/account/data')).status).toBe(200);
    expect((await b.get('/api/account/data')).status).toBe(401);
  });
});

describe('CSRF (signed double-submit)', () => {
  it('refuses an unsafe request without the token, sign-in included (login CSRF)', async () => {
    const c = await client();
    c.sendCsrf = false;
    const res = await c.post('/api/auth/signin', { email: newAddress(), password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_INVALID');
  });

  it('refuses a token that is not this client’s own (another session’s, or forged)', async () => {
    const victim = await signedInUser();
    const attacker = await signedInUser();
    victim.headers['x-xsrf-token'] = attacker.cookies.get('XSRF-TOKEN')!;
    expect((await victim.put('/api/account/data', { firstName: 'X', lastName: 'Y' })).status).toBe(403);
    // Cookie and header agree but the signature is not ours.
    victim.cookies.set('XSRF-TOKEN', 'abc.def');
    victim.headers['x-xsrf-token'] = 'abc.def';
    expect((await victim.put('/api/account/data', { firstName: 'X', lastName: 'Y' })).status).toBe(403);
  });

  it('binds the token to the session: the one from before sign-in stops working', async () => {
    const email = newAddress();
    await signedInUser(email);
    const c = await client();
    const anonymousToken = c.cookies.get('XSRF-TOKEN')!;
    const signIn = await c.post('/api/auth/signin', { email, password: PASSWORD });
    expect(signIn.setCookies['XSRF-TOKEN']).toBeTruthy();
    expect(signIn.setCookies['XSRF-TOKEN']).not.toBe(anonymousToken);
    c.headers['x-xsrf-token'] = anonymousToken;
    c.cookies.set('XSRF-TOKEN', anonymousToken);
    expect((await c.put('/api/account/data', { firstName: 'X', lastName: 'Y' })).status).toBe(403);
  });
});

describe('rate limits', () => {
  it('answers 429 after too many sign-in attempts for one address', async () => {
    const c = await client();
    const email = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await c.post('/api/auth/signin', { email, password: PASSWORD })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the account', () => {
  it('ignores attempts to set role, activity, confirmation or allowance', async () => {
    const c = await signedInUser();
    const res = await c.put('/api/account/data', {
      firstName: 'Eve',
      lastName: 'Mallory',
      role: { name: 'admin' },
      role_name: 'admin',
      active: false,
      emailConfirmed: false,
      prompts: { limit: 100000 },
      promptsLimit: 100000,
      language: 'pl',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Eve',
      role: { name: 'user' },
      active: true,
      language: 'pl',
    });
    expect(res.body.prompts.limit).toBe(50);
  });

  it('validates the names with the spec codes', async () => {
    const c = await signedInUser();
    const res = await c.put('/api/account/data', { firstName: 'x'.repeat(33), lastName: 'L' });
    expect(res.body).toMatchObject({
      code: 'account.first_name_too_long',
      params: { field: 'firstName', max: 32 },
    });
  });

  it('deletes a user’s own account with its password, and nothing with a wrong or missing one', async () => {
    const mine = await signedInUser();
    const myId = (await mine.get('/api/account/data')).body.id;
    expect((await mine.post('/api/bloom/chats', { message: 'A bakery' })).status).toBe(201);
    for (const body of [{ password: 'Wrong#2026x' }, {}]) {
      const refused = await mine.post('/api/account/delete', body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'account.invalid_current_password',
        params: { field: 'password' },
      });
    }
    expect((await mine.get('/api/account/data')).status).toBe(200);

    const deleted = await mine.post('/api/account/delete', { password: PASSWORD });
    expect(deleted.status).toBe(204);
    expect(deleted.setCookies.greenhouse_session).toBe('');
    const db = t.database.db;
    expect(await db.select().from(schema.users).where(eq(schema.users.id, myId))).toEqual([]);
    expect(await db.select().from(schema.sessions).where(eq(schema.sessions.userId, myId))).toEqual([]);
    expect(await db.select().from(schema.chats).where(eq(schema.chats.userId, myId))).toEqual([]);
    const [audit] = await db.select().from(schema.auditEvents).where(eq(schema.auditEvents.targetId, myId));
    expect(audit).toMatchObject({ action: 'account.deleted', actorId: myId });
  });

  it('deletes a Google-only account only within 5 minutes of a Google sign-in', async () => {
    const [user] = await t.database.db
      .insert(schema.users)
      .values({ email: newAddress(), firstName: 'G', lastName: 'Only', emailConfirmedAt: new Date() })
      .returning();
    // A session as Google sign-in opens it (google-sign-in.test.ts goes through the real provider).
    const sessions = new SessionStore(t.database.db, t.config.session);
    const opened = await sessions.create(user!.id, { signedInWith: 'google' });
    const c = await client();
    c.cookies.set('greenhouse_session', opened.token);
    await c.get('/api/health');
    await t.database.db
      .update(schema.sessions)
      .set({ createdAt: sql`now() - interval '6 minutes'` })
      .where(eq(schema.sessions.tokenHash, opened.tokenHash));
    const stale = await c.post('/api/account/delete', {});
    expect([stale.status, stale.body.code]).toEqual([403, 'account.reauthentication_needed']);

    await t.database.db
      .update(schema.sessions)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.sessions.tokenHash, opened.tokenHash));
    expect((await c.post('/api/account/delete', {})).status).toBe(204);
    expect((await c.get('/api/account/data')).status).toBe(401);
  });

  it('does not let the last active admin delete their account', async () => {
    const { client: only } = await signedInClient(t, { role: 'admin' });
    const refused = await only.post('/api/account/delete', { password: TEST_PASSWORD });
    expect([refused.status, refused.body.code]).toEqual([409, 'account.last_admin']);
    await signedInClient(t, { role: 'admin' });
    expect((await only.post('/api/account/delete', { password: TEST_PASSWORD })).status).toBe(204);
  });
});

describe('account approval (ACCOUNT_APPROVAL=true)', () => {
  it('keeps confirmed accounts inactive; only the right password learns so', async () => {
    const approval = await createTestApp({ env: { SMTP_URL: smtp.url, APP_URL, ACCOUNT_APPROVAL: 'true' } });
    try {
      const c = await new SessionClient(approval.app).prime();
      const email = newAddress();
      const before = smtp.messages.length;
      await c.post('/api/auth/signup', { email, password: PASSWORD, firstName: 'Ina', lastName: 'Ctive' });
      const token = linkIn(
        await smtp.waitFor(email, { after: before }),
        `${APP_URL}/auth/email-confirmation`,
      ).searchParams.get('token');
      expect((await c.post('/api/auth/email/confirm', { token })).body).toEqual({
        status: 'awaiting_approval',
      });
      const right = await c.post('/api/auth/signin', { email, password: PASSWORD });
      expect(right.status).toBe(403);
      expect(right.body.code).toBe('authorization.account_not_active');
      expect(right.body.message).toBe(
        'Account is under verification. You will receive an email when it is approved.',
      );
      const wrong = await c.post('/api/auth/signin', { email, password: 'Wrong#2026x' });
      expect(wrong.body.code).toBe('authorization.invalid_credentials');
    } finally {
      await approval.close();
    }
  });
});

describe('e-mail on the embedded default (no SMTP server)', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox, with a working link', async () => {
    const plain = await createTestApp({ env: { APP_URL } });
    try {
      const c = await new SessionClient(plain.app).prime();
      const email = newAddress();
      expect(
        (await c.post('/api/auth/signup', { email, password: PASSWORD, firstName: 'O', lastName: 'Box' }))
          .status,
      ).toBe(201);
      const outbox = path.join(plain.dataDir, 'outbox');
      const files = readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = await simpleParser(readFileSync(path.join(outbox, files[0]!)));
      expect(mail.subject).toBe('Confirm your Greenhouse account');
      const token = linkIn(mail, `${APP_URL}/auth/email-confirmation`).searchParams.get('token');
      expect((await c.post('/api/auth/email/confirm', { token })).body).toEqual({ status: 'confirmed' });
    } finally {
      await plain.close();
    }
  });
});
