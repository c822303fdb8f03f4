// The administrator's command line (npm run admin -- <command> …): makes the first admin and
// activates accounts, against the configured database. Uses the same services as the API.
import { parseArgs } from 'node:util';
import { signUpRequestSchema } from '@greenhouse/contracts';
import { DirectoryLockedError, openDatabase, schema, type Database } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { updateAccount } from '../features/admin/update-account.js';
import type { AuditActor } from '../features/audit/audit-log.js';
import { AuthService } from '../features/auth/auth-service.js';
import { hashPassword } from '../features/auth/passwords.js';
import { SessionStore } from '../features/auth/sessions.js';
import { findUserByEmail } from '../features/auth/users.js';
import { createMailer } from '../infra/mail/mailer.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { createLogger } from '../lib/logger.js';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create --email E --first-name F --last-name L [--password-stdin]
      Creates a confirmed, active admin account. With --password-stdin the password is read
      from standard input; otherwise a password-setting link is e-mailed (or written to the
      outbox in DATA_DIR/outbox when no SMTP server is configured).
  promote <email>     Makes an existing account an admin.
  activate <email>    Activates an account (ACCOUNT_APPROVAL) and confirms its e-mail address,
                      and tells its owner by e-mail.

The embedded database belongs to one process: stop the server before running these.`;

class UsageError extends Error {}

/** Who the audit log says acted, for changes made here. */
const COMMAND_LINE: AuditActor = { id: null, email: 'command line' };

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function requireUser(database: Database, email: string | undefined) {
  if (!email) throw new UsageError('an e-mail address is required');
  const user = await findUserByEmail(database.db, email);
  if (!user) throw new UsageError(`no account has the address ${email}`);
  return user;
}

async function run(config: Config, database: Database, args: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  const [command, target] = positionals;
  const { db } = database;
  const log = createLogger(config);
  const mailer = createMailer(config.mail, log);
  try {
    switch (command) {
      case 'create': {
        // Without --password-stdin: a random password nobody knows; the admin sets their own
        // through the ordinary reset e-mail.
        const fromStdin = values['password-stdin'];
        const password = fromStdin ? await readStdin() : `${sha256(randomToken()).slice(0, 40)}aA1!`;
        const parsed = signUpRequestSchema.safeParse({
          email: values.email,
          password,
          firstName: values['first-name'],
          lastName: values['last-name'],
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new UsageError(`${issue.path.join('.')}: ${issue.message}`);
        }
        if (await findUserByEmail(db, parsed.data.email))
          throw new UsageError(`${parsed.data.email} already has an account: use promote`);
        await db.insert(schema.users).values({
          email: parsed.data.email,
          firstName: parsed.data.firstName,
          lastName: parsed.data.lastName,
          role: 'admin',
          passwordHash: await hashPassword(password),
          emailConfirmedAt: new Date(),
          active: true,
        });
        if (!fromStdin) {
          const auth = new AuthService({
            db,
            sessions: new SessionStore(db, config.session),
            mailer,
            config,
          });
          await auth.requestPasswordReset(parsed.data.email);
          return `Created admin ${parsed.data.email}; a link to set the password was e-mailed.`;
        }
        return `Created admin ${parsed.data.email}.`;
      }
      case 'promote': {
        const user = await requireUser(database, target);
        await db
          .update(schema.users)
          .set({ role: 'admin', updatedAt: new Date() })
          .where(eq(schema.users.id, user.id));
        return `${user.email} is now an admin.`;
      }
      case 'activate': {
        const user = await requireUser(database, target);
        // The admin panel's own change: an account waiting for approval is approved (recorded, its owner
        // e-mailed) and the audit log names the command line as the actor.
        await updateAccount(
          { db, sessions: new SessionStore(db, config.session), mailer, config, log },
          COMMAND_LINE,
          user.id,
          { active: true, emailConfirmed: true },
        );
        return `${user.email} is active.`;
      }
      default:
        throw new UsageError(command ? `unknown command ${command}` : 'no command given');
    }
  } finally {
    mailer.close();
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    await database.migrate();
    process.stdout.write(`${await run(config, database, process.argv.slice(2))}\n`);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`Error: ${(error as Error).message}\n\n${usage}\n`);
      process.exitCode = 2;
    } else throw error;
  } finally {
    await database.close();
  }
}

await main();
