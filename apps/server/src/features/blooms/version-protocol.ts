import { schema, type Db } from '@greenhouse/db';
import { parseProtocol, type Protocol } from '@greenhouse/mtp';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { readNormalizedProtocol } from '../pipeline/stage-outputs.js';

/**
 * A version's protocol, normalised: as its first stage stored it, or (before that stage has run) its file parsed
 * again — it was checked when it was stored. `bloom.version_not_found` when the agent has no such version.
 */
export async function versionProtocol(db: Db, bloomId: string, version: number): Promise<Protocol> {
  const normalized = await readNormalizedProtocol(db, bloomId, version);
  if (normalized) return normalized;
  const [row] = await db
    .select({ content: schema.bloomProtocols.content })
    .from(schema.bloomProtocols)
    .where(and(eq(schema.bloomProtocols.bloomId, bloomId), eq(schema.bloomProtocols.version, version)));
  const parsed = row ? parseProtocol(row.content) : null;
  if (!parsed?.ok) throw new AppError('bloom.version_not_found');
  return parsed.protocol;
}

/** Whether the agent has this version. */
export async function hasVersion(db: Db, bloomId: string, version: number): Promise<boolean> {
  const rows = await db
    .select({ version: schema.bloomProtocols.version })
    .from(schema.bloomProtocols)
    .where(and(eq(schema.bloomProtocols.bloomId, bloomId), eq(schema.bloomProtocols.version, version)));
  return rows.length > 0;
}
