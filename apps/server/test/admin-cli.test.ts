import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, schema } from '@greenhouse/db';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/features/auth/passwords.js';
import { findUserByEmail } from '../src/features/auth/users.js';
import { nodeCommand } from './support/server-process.js';

const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function admin(dataDir: string, args: string[], stdin?: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const [node, ...nodeArgs] = nodeCommand(cli);
    const child = execFile(
      node!,
      [...nodeArgs, ...args],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir, APP_URL: 'http://greenhouse.test' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr }),
    );
    child.stdin!.end(stdin ?? '');
  });
}

async function withDatabase<T>(
  dataDir: string,
  fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

// Each call is a process of its own that compiles the CLI's sources (tsx) and opens the embedded
// database: several seconds each, many more on a loaded CI machine, hence the long timeouts.
const CLI_TEST_TIMEOUT_MS = 150_000;

describe('npm run admin', () => {
  it(
    'creates an admin with a password from stdin, promotes and activates accounts',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-admin-'));
      dirs.push(dataDir);
      const created = await admin(
        dataDir,
        [
          'create',
          '--email',
          'root@example.com',
          '--first-name',
          'Ro',
          '--last-name',
          'Ot',
          '--password-stdin',
        ],
        'Admin#2026pw\n',
      );
      expect(created.out).toContain('Created admin root@example.com');
      expect(created.code).toBe(0);

      await withDatabase(dataDir, async ({ db }) => {
        const user = await findUserByEmail(db, 'root@example.com');
        expect(user).toMatchObject({ role: 'admin', active: true });
        expect(user!.emailConfirmedAt).not.toBeNull();
        expect(await verifyPassword(user!.passwordHash, 'Admin#2026pw')).toBe(true);
        await db
          .insert(schema.users)
          .values({ email: 'pat@example.com', firstName: 'Pat', lastName: 'P', active: false });
      });

      expect((await admin(dataDir, ['promote', 'pat@example.com'])).code).toBe(0);
      const activated = await admin(dataDir, ['activate', 'pat@example.com']);
      expect(activated.code).toBe(0);
      await withDatabase(dataDir, async ({ db }) => {
        const pat = await findUserByEmail(db, 'pat@example.com');
        expect(pat).toMatchObject({ role: 'admin', active: true });
        // The panel's own approval: recorded, and written in the audit log as the command line's.
        expect(pat!.approvedAt).not.toBeNull();
        const [audit] = await db.select().from(schema.auditEvents);
        expect(audit).toMatchObject({ action: 'account.updated', actorId: null, actorEmail: 'command line' });
      });
      // With no SMTP server configured, the approval e-mail lands in the outbox.
      const outbox = readdirSync(path.join(dataDir, 'outbox'));
      expect(
        outbox.some((f) =>
          readFileSync(path.join(dataDir, 'outbox', f), 'utf8').includes('account is approved'),
        ),
      ).toBe(true);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'e-mails a password-setting link when no password is given',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-admin-'));
      dirs.push(dataDir);
      const created = await admin(dataDir, [
        'create',
        '--email',
        'boss@example.com',
        '--first-name',
        'B',
        '--last-name',
        'Oss',
      ]);
      expect(created.code).toBe(0);
      const [file] = readdirSync(path.join(dataDir, 'outbox'));
      const eml = readFileSync(path.join(dataDir, 'outbox', file!), 'utf8');
      expect(eml).toContain('Reset your Greenhouse password');
      expect(eml).toContain('http://greenhouse.test/auth/password-reset?token=');
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'explains its usage and refuses bad input',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-admin-'));
      dirs.push(dataDir);
      const unknown = await admin(dataDir, ['frobnicate']);
      expect(unknown.code).toBe(2);
      expect(unknown.out).toContain('Usage: npm run admin');
      const missing = await admin(dataDir, ['promote', 'nobody@example.com']);
      expect(missing.code).toBe(2);
      expect(missing.out).toContain('no account has the address nobody@example.com');
      const weak = await admin(
        dataDir,
        ['create', '--email', 'w@example.com', '--first-name', 'W', '--last-name', 'K', '--password-stdin'],
        'weak\n',
      );
      expect(weak.out).toContain('password');
      expect(weak.code).toBe(2);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
