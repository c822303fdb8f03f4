// The admin panel's account calls and audit log through the real API and database: who may call them,
// the list's filters, every field's validation, the effect on the account's next request (in another
// app on the same database too), approval with its e-mail, deletion (all or nothing) and the last admin.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminAccountSchema, adminChatListResponseSchema, auditEventSchema } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { fixtureText } from '@greenhouse/mtp/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { buildApp } from '../src/app.js';
import { SessionClient } from './support/session-client.js';
import { linkIn, startSmtpPeer, type SmtpPeer } from './support/smtp-peer.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient, TEST_PASSWORD } from './support/users.js';

const APP_URL = 'http://greenhouse.test:3000';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let smtp: SmtpPeer;
let t: TestApp;
let admin: SessionClient;
let adminId: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // Nobody works the queue: agents here are only counted and deleted.
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, APP_URL, ACCOUNT_APPROVAL: 'true' },
    workers: false,
  });
  ({ client: admin, userId: adminId } = await signedInClient(t, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const anonymous = () => new SessionClient(t.app).prime();
const account = async (id: string) => adminAccountSchema.parse((await admin.get(`/api/accounts/${id}`)).body);

describe('who may call the admin API', () => {
  it('answers anonymous and an inactive admin 401, a user 403 access.forbidden, an admin', async () => {
    const { client: user, userId } = await signedInClient(t);
    const nobody = await anonymous();
    // An admin whose account is no longer active (the flag only: their session row is still there).
    const { client: inactiveAdmin, userId: inactiveId } = await signedInClient(t, { role: 'admin' });
    await t.database.db.update(schema.users).set({ active: false }).where(eq(schema.users.id, inactiveId));
    const calls: [string, (c: SessionClient) => ReturnType<SessionClient['get']>, number][] = [
      ['GET /accounts', (c) => c.get('/api/accounts'), 200],
      ['GET /accounts/{id}', (c) => c.get(`/api/accounts/${userId}`), 200],
      ['PUT /accounts/{id}', (c) => c.put(`/api/accounts/${NO_SUCH_ID}`, { firstName: 'X' }), 404],
      ['DELETE /accounts/{id}', (c) => c.delete(`/api/accounts/${NO_SUCH_ID}`), 404],
      ['GET /admin/audit', (c) => c.get('/api/admin/audit'), 200],
      ['GET /admin/blooms', (c) => c.get('/api/admin/blooms'), 200],
      ['GET /admin/chats', (c) => c.get(`/api/admin/chats?filter.userId=${userId}`), 200],
      ['POST /admin/blooms/{id}/retry', (c) => c.post(`/api/admin/blooms/${NO_SUCH_ID}/retry`), 404],
    ];
    for (const [name, call, adminStatus] of calls) {
      expect([name, (await call(nobody)).body.code]).toEqual([name, 'authorization.unauthorized']);
      expect([name, (await call(inactiveAdmin)).status]).toEqual([name, 401]);
      const refused = await call(user);
      expect([name, refused.status, refused.body.code]).toEqual([name, 403, 'access.forbidden']);
      expect([name, (await call(admin)).status]).toEqual([name, adminStatus]);
    }
  });

  it('no longer lets a user delete their own account with DELETE /accounts/{id}, nor an admin theirs', async () => {
    const { client: user, userId } = await signedInClient(t);
    expect((await user.delete(`/api/accounts/${userId}`)).body.code).toBe('access.forbidden');
    expect((await user.get('/api/account/data')).status).toBe(200);
    const own = await admin.delete(`/api/accounts/${adminId}`);
    expect([own.status, own.body.code]).toEqual([409, 'account.cannot_delete_self']);
    expect((await admin.get('/api/account/data')).status).toBe(200);
  });

  it('answers account.not_found for an unknown or malformed id', async () => {
    for (const id of [NO_SUCH_ID, 'not-a-uuid'])
      expect((await admin.get(`/api/accounts/${id}`)).body).toMatchObject({
        status: 404,
        code: 'account.not_found',
      });
  });
});

describe('the account list', () => {
  it('filters by e-mail (wildcards as text), role and activity, sorts, pages and counts', async () => {
    const tag = `lst${Date.now()}`;
    const { client: owner, userId: ownerId } = await signedInClient(t, {
      email: `under_score.${tag}@example.com`,
    });
    await signedInClient(t, { email: `underxscore.${tag}@example.com` });
    // Never signed in: an inactive admin.
    await t.database.db
      .insert(schema.users)
      .values({ email: `c.${tag}@example.com`, firstName: 'C', lastName: 'D', role: 'admin', active: false });
    expect(
      (
        await owner.upload('/api/bloom/upload', {
          file: { name: 'a.json', content: fixtureText('lighthouse_2_0_1.json') },
        })
      ).status,
    ).toBe(201);
    expect((await owner.post('/api/bloom/chats', { message: 'A shop assistant' })).status).toBe(201);

    const list = async (query: string) => (await admin.get(`/api/accounts?${query}`)).body;
    const emails = (body: { accounts: { email: string }[] }) => body.accounts.map((a) => a.email);

    const all = await list(`filter.email=${tag}&sort=email&sortOrder=asc`);
    expect(all.total).toBe(3);
    expect(emails(all)).toEqual([
      `c.${tag}@example.com`,
      `under_score.${tag}@example.com`,
      `underxscore.${tag}@example.com`,
    ]);
    // `_` and `%` match only themselves; case does not matter.
    expect((await list(`filter.email=${encodeURIComponent(`under%score.${tag}`)}`)).total).toBe(0);
    expect(emails(await list(`filter.email=${encodeURIComponent(`UNDER_score.${tag}`)}`))).toEqual([
      `under_score.${tag}@example.com`,
    ]);
    expect(emails(await list(`filter.email=${tag}&filter.role=admin`))).toEqual([`c.${tag}@example.com`]);
    expect((await list(`filter.email=${tag}&filter.active=true`)).total).toBe(2);
    // Newest first by default.
    expect(emails(await list(`filter.email=${tag}&pageSize=1`))).toEqual([`c.${tag}@example.com`]);
    expect((await list(`filter.email=${tag}&pageSize=1&page=2`)).accounts).toHaveLength(1);

    const row = (await list(`filter.email=${encodeURIComponent(`under_score.${tag}`)}`)).accounts[0];
    expect(z.strictObject(adminAccountSchema.shape).parse(row)).toMatchObject({
      id: ownerId,
      agents: 1,
      chats: 1,
      pending: false,
      approvedAt: null,
      deactivatedAt: null,
      promptSettings: { limit: 0, renewalDays: 0 },
    });
    expect(row.lastSeenAt).not.toBeNull();
    expect(JSON.stringify(row)).not.toMatch(/argon2|hash/i);
  });

  it('answers query.invalid_param naming the bad parameter', async () => {
    for (const [query, field] of [
      ['filter.role=root', 'filter.role'],
      ['filter.active=maybe', 'filter.active'],
      ['filter.pending=1', 'filter.pending'],
      ['sort=updatedAt', 'sort'],
      ['filter.name=x', 'filter.name'],
      ['pageSize=0', 'pageSize'],
    ]) {
      const res = await admin.get(`/api/accounts?${query}`);
      expect([query, res.status, res.body.code, res.body.params.field]).toEqual([
        query,
        400,
        'query.invalid_param',
        field,
      ]);
    }
  });
});

describe("an account's chats", () => {
  it('lists one account’s chats, newest activity first, with title, mode, state and dates, without their messages', async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const newChat = async (client: SessionClient, message: string) => {
      const res = await client.post('/api/bloom/chats', { message });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const first = await newChat(owner.client, 'A lighthouse keeper who warns ships about the rocks.');
    const second = await newChat(owner.client, 'A baker who sells bread to travellers at dawn.');
    const foreign = await newChat(other.client, 'A ferryman who takes travellers across the river.');
    // The first one closed (its agent generated) and its activity the latest; the second one answering.
    await t.database.db
      .update(schema.chats)
      .set({ closedAt: new Date(), updatedAt: new Date(Date.now() + 60_000), answeringUntil: null })
      .where(eq(schema.chats.id, first));
    await t.database.db
      .update(schema.chats)
      .set({ answeringUntil: new Date(Date.now() + 60_000) })
      .where(eq(schema.chats.id, second));

    const res = await admin.get(`/api/admin/chats?filter.userId=${owner.userId}`);
    expect(res.status, res.text).toBe(200);
    const { chats, total } = adminChatListResponseSchema.parse(res.body);
    expect(total).toBe(2);
    expect(chats.map((c) => [c.id, c.state])).toEqual([
      [first, 'closed'],
      [second, 'answering'],
    ]);
    for (const chat of chats) {
      expect(chat.title.length).toBeGreaterThan(0);
      expect(chat.mode).toMatch(/^(model|guided)$/);
      expect(Date.parse(chat.createdAt)).not.toBeNaN();
    }
    expect(res.text).not.toContain(foreign);
    // The title is the first message's opening; the messages and the draft stay the owner's.
    expect(chats[0]!.title).toContain('lighthouse keeper');
    expect(res.text).not.toMatch(/"(messages|draft)"/);

    // Sorted by creation when asked, and a page of the given size.
    const byCreation = await admin.get(
      `/api/admin/chats?filter.userId=${owner.userId}&sort=createdAt&sortOrder=asc&pageSize=1`,
    );
    expect(byCreation.body).toMatchObject({ total: 2, chats: [{ id: first }] });
    const bad = await admin.get('/api/admin/chats?filter.userId=not-a-uuid');
    expect([bad.status, bad.body.code, bad.body.params?.field]).toEqual([
      400,
      'query.invalid_param',
      'filter.userId',
    ]);
  });
});

describe('changing an account', () => {
  it('validates every field with its code and field name', async () => {
    const { userId } = await signedInClient(t);
    const cases: [unknown, string, string][] = [
      [{ firstName: 'x'.repeat(33) }, 'account.first_name_too_long', 'firstName'],
      [{ firstName: '  ' }, 'account.first_name_required', 'firstName'],
      [{ lastName: 'x'.repeat(65) }, 'account.last_name_too_long', 'lastName'],
      [{ role: 'root' }, 'account.role_invalid', 'role'],
      [{ active: 'yes' }, 'validation.required', 'active'],
      [{ emailConfirmed: 1 }, 'validation.required', 'emailConfirmed'],
      [{ prompts: { limit: -1 } }, 'validation.numberMin', 'prompts.limit'],
      [{ prompts: { limit: 1.5 } }, 'validation.required', 'prompts.limit'],
      [{ prompts: { renewalDays: 1_000_001 } }, 'validation.numberMax', 'prompts.renewalDays'],
      [{ prompts: { renewalDays: '3' } }, 'validation.required', 'prompts.renewalDays'],
      [{ prompts: 5 }, 'validation.required', 'prompts'],
    ];
    for (const [body, code, field] of cases) {
      const res = await admin.put(`/api/accounts/${userId}`, body);
      expect([JSON.stringify(body), res.status, res.body.code, res.body.params.field]).toEqual([
        JSON.stringify(body),
        400,
        code,
        field,
      ]);
    }
    expect(await account(userId)).toMatchObject({ firstName: 'Test', role: { name: 'user' }, active: true });
  });

  it('takes effect on the account’s next request, in another app on the same database too', async () => {
    const { client: target, userId } = await signedInClient(t);
    // A second app (as a second process would be) on the same database, with the target's session.
    const other = await buildApp({ config: t.config, database: t.database, queue: t.queue });
    try {
      const elsewhere = new SessionClient(other);
      for (const [name, value] of target.cookies) elsewhere.cookies.set(name, value);
      expect((await elsewhere.get('/api/account/data')).body.prompts.limit).toBe(50);

      const res = await admin.put(`/api/accounts/${userId}`, {
        firstName: 'Nora',
        prompts: { limit: 7, renewalDays: 3 },
      });
      expect(res.status).toBe(200);
      expect(z.strictObject(adminAccountSchema.shape).parse(res.body)).toMatchObject({
        firstName: 'Nora',
        promptSettings: { limit: 7, renewalDays: 3 },
        prompts: { limit: 7, renewalDays: 3 },
      });
      for (const c of [target, elsewhere])
        expect((await c.get('/api/account/data')).body).toMatchObject({
          firstName: 'Nora',
          prompts: { limit: 7, renewalDays: 3 },
        });

      await admin.put(`/api/accounts/${userId}`, { role: 'admin' });
      expect((await elsewhere.get('/api/accounts')).status).toBe(200);
      await admin.put(`/api/accounts/${userId}`, { role: 'user' });
      expect((await elsewhere.get('/api/accounts')).status).toBe(403);

      const deactivated = await admin.put(`/api/accounts/${userId}`, { active: false });
      expect(deactivated.body).toMatchObject({ active: false, pending: false });
      expect(deactivated.body.deactivatedAt).not.toBeNull();
      expect((await elsewhere.get('/api/account/data')).status).toBe(401);
      expect((await target.get('/api/account/data')).status).toBe(401);
      const email = deactivated.body.email as string;
      const signIn = await (await anonymous()).post('/api/auth/signin', { email, password: TEST_PASSWORD });
      expect([signIn.status, signIn.body.code]).toEqual([403, 'authorization.account_not_active']);

      // Deactivated is not waiting: activating it again approves nothing and e-mails nobody.
      const before = smtp.messages.length;
      const again = await admin.put(`/api/accounts/${userId}`, { active: true });
      expect(again.body).toMatchObject({ active: true, deactivatedAt: null, approvedAt: null });
      expect(smtp.messages.slice(before).some((m) => JSON.stringify(m.to).includes(email))).toBe(false);
      expect(
        (await (await anonymous()).post('/api/auth/signin', { email, password: TEST_PASSWORD })).status,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('clears and sets the e-mail confirmation', async () => {
    const { userId } = await signedInClient(t);
    expect((await admin.put(`/api/accounts/${userId}`, { emailConfirmed: false })).body.emailConfirmed).toBe(
      false,
    );
    expect((await admin.put(`/api/accounts/${userId}`, { emailConfirmed: true })).body.emailConfirmed).toBe(
      true,
    );
  });

  it('approves a waiting account and e-mails its owner in their language', async () => {
    const email = `czeka.${Date.now()}@example.com`;
    const c = await anonymous();
    const sent = smtp.messages.length;
    await c.post('/api/auth/signup', {
      email,
      password: TEST_PASSWORD,
      firstName: 'Ola',
      lastName: 'Nowak',
      language: 'pl',
    });
    const token = linkIn(
      await smtp.waitFor(email, { after: sent }),
      `${APP_URL}/auth/email-confirmation`,
    ).searchParams.get('token');
    expect((await c.post('/api/auth/email/confirm', { token })).body).toEqual({
      status: 'awaiting_approval',
    });

    const pending = (await admin.get(`/api/accounts?filter.pending=true&filter.email=${email}`)).body;
    expect(pending.total).toBe(1);
    const waiting = pending.accounts[0];
    expect(waiting).toMatchObject({ pending: true, active: false, approvedAt: null, deactivatedAt: null });

    const before = smtp.messages.length;
    const approved = await admin.put(`/api/accounts/${waiting.id}`, { active: true });
    expect(approved.body).toMatchObject({ active: true, pending: false });
    expect(approved.body.approvedAt).not.toBeNull();
    const mail = await smtp.waitFor(email, { after: before });
    expect(mail.subject).toBe('Twoje konto Greenhouse zostało zatwierdzone');
    expect(linkIn(mail, `${APP_URL}/auth/sign-in`)).toBeTruthy();
    expect((await admin.get(`/api/accounts?filter.pending=true&filter.email=${email}`)).body.total).toBe(0);
    expect((await admin.get(`/api/accounts?filter.pending=false&filter.email=${email}`)).body.total).toBe(1);
    expect((await c.post('/api/auth/signin', { email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('records each change in the audit log, newest first; a change of nothing records none', async () => {
    const { userId, email } = await signedInClient(t);
    await admin.put(`/api/accounts/${userId}`, { firstName: 'Ann', lastName: 'User', prompts: { limit: 9 } });
    await admin.put(`/api/accounts/${userId}`, { role: 'admin', firstName: 'Ann' });
    await admin.put(`/api/accounts/${userId}`, { role: 'admin', prompts: { limit: 9 } });
    const res = await admin.get(`/api/admin/audit?filter.targetId=${userId}`);
    expect(res.body.total).toBe(2);
    const events = res.body.events.map((e: unknown) => z.strictObject(auditEventSchema.shape).parse(e));
    const me = (await admin.get('/api/account/data')).body.email;
    expect(events).toMatchObject([
      {
        action: 'account.updated',
        actor: { id: adminId, email: me },
        target: { type: 'account', id: userId, label: email },
        changes: { role: { from: 'user', to: 'admin' } },
      },
      {
        action: 'account.updated',
        changes: { firstName: { from: 'Test', to: 'Ann' }, 'prompts.limit': { from: 0, to: 9 } },
      },
    ]);
    expect(Object.keys(events[0].changes)).toEqual(['role']);
    expect(Object.keys(events[1].changes)).toEqual(['firstName', 'prompts.limit']);
    expect((await admin.get('/api/admin/audit?filter.action=bogus')).body.params.field).toBe('filter.action');
  });
});

describe('deleting an account', () => {
  it('deletes all or nothing: a failure half-way leaves every row and file, then it goes for good', async () => {
    const { client: target, userId, email } = await signedInClient(t);
    const upload = await target.upload('/api/bloom/upload', {
      file: { name: 'a.json', content: fixtureText('lighthouse_2_0_1.json') },
    });
    const bloomId = upload.body.id as string;
    expect((await target.post('/api/bloom/chats', { message: 'A florist' })).status).toBe(201);
    const folder = path.join(t.config.artifactsDir, bloomId);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'training_tokenizer.tokenizer'), '{}');

    // The database refuses to delete this user's agents: the cascade fails after the sessions and chats.
    const db = t.database.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused for the test'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_delete BEFORE DELETE ON blooms FOR EACH ROW
        WHEN (OLD.user_id = '${userId}') EXECUTE FUNCTION refuse_delete()`),
    );
    try {
      const failed = await admin.delete(`/api/accounts/${userId}`);
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_delete ON blooms'));
      await db.execute(sql.raw('DROP FUNCTION refuse_delete()'));
    }
    expect(await account(userId)).toMatchObject({ agents: 1, chats: 1 });
    expect((await target.get('/api/account/data')).status).toBe(200);
    expect(existsSync(folder)).toBe(true);
    expect((await admin.get(`/api/admin/audit?filter.targetId=${userId}`)).body.total).toBe(0);

    expect((await admin.delete(`/api/accounts/${userId}`)).status).toBe(204);
    const gone = await admin.get(`/api/accounts/${userId}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'account.not_found']);
    expect((await target.get('/api/account/data')).status).toBe(401);
    expect(await db.select().from(schema.blooms).where(eq(schema.blooms.id, bloomId))).toEqual([]);
    expect(await db.select().from(schema.chats).where(eq(schema.chats.userId, userId))).toEqual([]);
    expect(existsSync(folder)).toBe(false);
    const audit = (await admin.get(`/api/admin/audit?filter.targetId=${userId}`)).body.events;
    expect(audit).toMatchObject([
      { action: 'account.deleted', actor: { id: adminId }, target: { id: userId, label: email } },
    ]);
  });
});

describe('the last active admin', () => {
  it('cannot be demoted or deactivated; two admins demoting each other at once leave one', async () => {
    const { client: second, userId: secondId } = await signedInClient(t, { role: 'admin' });
    // Every other active admin (earlier tests made some) becomes a user first.
    const admins = (await admin.get('/api/accounts?filter.role=admin&filter.active=true&pageSize=100')).body
      .accounts as { id: string }[];
    for (const { id } of admins)
      if (id !== adminId && id !== secondId)
        expect((await admin.put(`/api/accounts/${id}`, { role: 'user' })).status).toBe(200);

    // Both at once: the admin rows are locked in turn, so the second sees the first one's change (or, if
    // it came in after that commit, is no admin any more).
    const [a, b] = await Promise.all([
      admin.put(`/api/accounts/${secondId}`, { role: 'user' }),
      second.put(`/api/accounts/${adminId}`, { role: 'user' }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect(['account.last_admin', 'access.forbidden']).toContain(
      [a, b].find((r) => r.status !== 200)!.body.code,
    );
    const [survivor, survivorId] = a.status === 200 ? [admin, adminId] : [second, secondId];
    const left = (await survivor.get('/api/accounts?filter.role=admin&filter.active=true')).body;
    expect(left.accounts.map((x: { id: string }) => x.id)).toEqual([survivorId]);

    for (const body of [{ role: 'user' }, { active: false }]) {
      const res = await survivor.put(`/api/accounts/${survivorId}`, body);
      expect([res.status, res.body.code]).toEqual([409, 'account.last_admin']);
    }
    expect((await survivor.get('/api/accounts')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits each admin’s writes on their own', async () => {
    const { client: busy } = await signedInClient(t, { role: 'admin' });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await busy.delete(`/api/accounts/${NO_SUCH_ID}`)).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await busy.get('/api/accounts')).status).toBe(200);
    const { client: other } = await signedInClient(t, { role: 'admin' });
    expect((await other.delete(`/api/accounts/${NO_SUCH_ID}`)).status).toBe(404);
  });
});
