import { schema, type Db } from '@greenhouse/db';
import { parseProtocol, type Protocol } from '@greenhouse/mtp';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';

/** A version's protocol, normalised (it was checked when it was stored); `bloom.version_not_found` if none. */
export async function versionProtocol(db: Db, bloomId: string, version: number): Promise<Protocol> {
  const [row] = await db
    .select({ content: schema.bloomProtocols.content })
    .from(schema.bloomProtocols)
    .where(and(eq(schema.bloomProtocols.bloomId, bloomId), eq(schema.bloomProtocols.version, version)));
  const parsed = row ? parseProtocol(row.content) : null;
  if (!parsed?.ok) throw new AppError('bloom.version_not_found');
  return parsed.protocol;
}
