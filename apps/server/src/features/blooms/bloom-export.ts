import type { AccountExport } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { asc, eq, inArray } from 'drizzle-orm';

/**
 * Every agent of a user with every version of its protocol as uploaded or generated, oldest first:
 * their part of the data export (the trained files are downloads of their own).
 */
export async function exportBlooms(db: Db, userId: string): Promise<AccountExport['blooms']> {
  const blooms = await db
    .select()
    .from(schema.blooms)
    .where(eq(schema.blooms.userId, userId))
    .orderBy(asc(schema.blooms.createdAt), asc(schema.blooms.id));
  if (blooms.length === 0) return [];
  const protocols = await db
    .select()
    .from(schema.bloomProtocols)
    .where(
      inArray(
        schema.bloomProtocols.bloomId,
        blooms.map((bloom) => bloom.id),
      ),
    )
    .orderBy(asc(schema.bloomProtocols.version));
  return blooms.map((bloom) => ({
    id: bloom.id,
    name: bloom.name,
    createdAt: bloom.createdAt.toISOString(),
    payment: { status: bloom.paymentStatus },
    protocols: protocols
      .filter((protocol) => protocol.bloomId === bloom.id)
      .map((protocol) => ({
        version: protocol.version,
        createdAt: protocol.createdAt.toISOString(),
        content: protocol.content,
      })),
  }));
}
