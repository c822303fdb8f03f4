// The admin panel's audit log: what was done to which account or agent, by whom, with the changed
// fields. Written in the same transaction as the change it records.
import { type AuditAction, type AuditEvent, type ListQuery } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, count, desc, eq, inArray } from 'drizzle-orm';

/** Who acts: an account, or the command line (no account: id null). */
export interface AuditActor {
  id: string | null;
  email: string;
}

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export interface AuditRecord {
  action: AuditAction;
  actor: AuditActor;
  target: AuditEvent['target'];
  changes?: AuditChanges;
}

export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(schema.auditEvents).values({
    action: record.action,
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    targetType: record.target.type,
    targetId: record.target.id,
    targetLabel: record.target.label,
    changes: record.changes ?? {},
  });
}

export interface AuditFilter {
  action?: AuditAction[];
  targetId?: string;
  actorId?: string;
}

/** A page of the log, newest first (the only order it has). */
export async function pageAudit(
  db: Db,
  query: ListQuery,
  filter: AuditFilter,
): Promise<{ events: AuditEvent[]; total: number }> {
  const t = schema.auditEvents;
  const where = and(
    filter.action ? inArray(t.action, filter.action) : undefined,
    filter.targetId ? eq(t.targetId, filter.targetId) : undefined,
    filter.actorId ? eq(t.actorId, filter.actorId) : undefined,
  );
  const order = query.sortOrder === 'asc' ? [t.createdAt, t.id] : [desc(t.createdAt), desc(t.id)];
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return {
    events: rows.map((row) => ({
      id: row.id,
      // Written from the contracts' list only (recordAudit).
      action: row.action as AuditAction,
      actor: { id: row.actorId, email: row.actorEmail },
      target: {
        type: row.targetType as AuditEvent['target']['type'],
        id: row.targetId,
        label: row.targetLabel,
      },
      changes: row.changes as AuditChanges,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
