// Which run owns a stage: the attempt number, written when a run takes the stage. Every write of a run is fenced by
// it (stageFence), so a run whose job was meanwhile handed to another worker (its lease ran out) writes nothing:
// its update matches no row and it stops with StageTakenOver.
import { schema, type Db } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
import type { BloomStageName, StageRow } from './stages.js';

/** Another run took the stage over (its job expired and was handed out again), or the agent is gone. */
export class StageTakenOver extends Error {}

export const stageKey = (bloomId: string, version: number, name: string) =>
  and(
    eq(schema.bloomStages.bloomId, bloomId),
    eq(schema.bloomStages.version, version),
    eq(schema.bloomStages.name, name as BloomStageName),
  );
export const artifactKey = (bloomId: string, version: number, stage: BloomStageName, kind: string) =>
  and(
    eq(schema.bloomArtifacts.bloomId, bloomId),
    eq(schema.bloomArtifacts.version, version),
    eq(schema.bloomArtifacts.stage, stage),
    eq(schema.bloomArtifacts.kind, kind),
  );

export function stageFence(row: StageRow, attempt: number) {
  return and(
    stageKey(row.bloomId, row.version, row.name),
    eq(schema.bloomStages.attempts, attempt),
    eq(schema.bloomStages.status, 'processing'),
  );
}

/** Throws StageTakenOver unless this run still owns the stage (the fence of fencedUpdate, read only). */
export async function assertStillOwned(db: Db, row: StageRow, attempt: number): Promise<void> {
  const [owned] = await db
    .select({ name: schema.bloomStages.name })
    .from(schema.bloomStages)
    .where(stageFence(row, attempt));
  if (!owned) throw new StageTakenOver();
}

export async function fencedUpdate(
  tx: Db,
  row: StageRow,
  attempt: number,
  values: Partial<StageRow>,
): Promise<void> {
  const updated = await tx
    .update(schema.bloomStages)
    .set({ ...values, updatedAt: new Date() })
    .where(stageFence(row, attempt))
    .returning({ name: schema.bloomStages.name });
  if (updated.length === 0) throw new StageTakenOver();
}

/** Updates the stage row; with `attempt`, only while this run still owns it. */
export async function updateStage(
  db: Db,
  row: StageRow,
  values: Partial<StageRow>,
  attempt?: number,
): Promise<void> {
  await db
    .update(schema.bloomStages)
    .set({ ...values, updatedAt: new Date() })
    .where(attempt === undefined ? stageKey(row.bloomId, row.version, row.name) : stageFence(row, attempt));
}
