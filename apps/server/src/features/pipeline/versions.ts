// An agent's versions as the pipeline sees them (issue 33): whether the version in the works is still under
// way, and the removal of one version's stages and outputs. The agents feature asks these; it never reads the
// stage or output rows itself.
import { schema, type Db } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
import { dataStages } from './stages.js';

/**
 * Whether the agent's version in the works still has work coming: a stage running, a data stage not yet run,
 * or, once paid for, a training stage waiting. A version waiting for its payment is not under way (a new
 * version may replace it), nor is one that trained or failed.
 */
export async function versionUnderWay(
  tx: Db,
  bloom: { id: string; latestVersion: number; paymentStatus: string },
): Promise<boolean> {
  const stages = await tx
    .select({ name: schema.bloomStages.name, status: schema.bloomStages.status })
    .from(schema.bloomStages)
    .where(
      and(eq(schema.bloomStages.bloomId, bloom.id), eq(schema.bloomStages.version, bloom.latestVersion)),
    );
  if (stages.some((s) => s.status === 'failed')) return false;
  return stages.some(
    (s) =>
      s.status === 'processing' ||
      (s.status === 'pending' &&
        ((dataStages as readonly string[]).includes(s.name) || bloom.paymentStatus === 'paid')),
  );
}

/** Deletes one version's stages and outputs (their files go after the commit: ArtifactStore.removeVersion). */
export async function deleteVersionRows(tx: Db, bloomId: string, version: number): Promise<void> {
  await tx
    .delete(schema.bloomArtifacts)
    .where(and(eq(schema.bloomArtifacts.bloomId, bloomId), eq(schema.bloomArtifacts.version, version)));
  await tx
    .delete(schema.bloomStages)
    .where(and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.version, version)));
}
