// What a stage reads (StageInputs): its agent, the version's protocol and earlier stages' outputs, from their rows
// and the artifact store (file outputs checked against their sha256).
import { schema, type Db } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
import type { ArtifactStore, FileRef } from './artifact-store.js';
import type { StageInputs } from './stage-contract.js';
import { artifactKey, stageKey } from './stage-ownership.js';
import { CHECKPOINT_KIND, type JsonOutput } from './stage-outputs.js';
import { StageFailure, type BloomStageName } from './stages.js';

export function stageInputs(
  db: Db,
  files: ArtifactStore,
  bloomId: string,
  version: number,
  stage: BloomStageName,
): StageInputs {
  const artifactRow = async (from: BloomStageName, kind: string) => {
    const [artifact] = await db
      .select({ content: schema.bloomArtifacts.content })
      .from(schema.bloomArtifacts)
      .where(artifactKey(bloomId, version, from, kind));
    return artifact?.content;
  };
  return {
    bloomId,
    version,
    bloom: async () => {
      const [bloom] = await db
        .select({ id: schema.blooms.id, name: schema.blooms.name, scenarios: schema.blooms.scenarios })
        .from(schema.blooms)
        .where(eq(schema.blooms.id, bloomId));
      if (!bloom) throw new StageFailure('bloom.not_found', 'The agent was deleted.');
      return bloom;
    },
    protocolContent: async () => {
      const [own] = await db
        .select({ content: schema.bloomProtocols.content })
        .from(schema.bloomProtocols)
        .where(and(eq(schema.bloomProtocols.bloomId, bloomId), eq(schema.bloomProtocols.version, version)));
      if (!own) throw new StageFailure('bloom.file_not_found', 'The agent has no protocol.');
      return own.content;
    },
    artifact: async <T>({ stage: from, kind }: JsonOutput<T>) => {
      const content = await artifactRow(from, kind);
      if (content === undefined) throw new Error(`missing output ${from}/${kind}`);
      return content as T;
    },
    file: async ({ stage: from, kind }) => {
      const ref = (await artifactRow(from, kind)) as FileRef | undefined;
      if (!ref) throw new Error(`missing output ${from}/${kind}`);
      return files.read(bloomId, ref);
    },
    metrics: async (from) => {
      const [row] = await db
        .select({ metrics: schema.bloomStages.metrics })
        .from(schema.bloomStages)
        .where(stageKey(bloomId, version, from));
      return (row?.metrics as Record<string, unknown> | null) ?? null;
    },
    checkpoint: async () => {
      const ref = (await artifactRow(stage, CHECKPOINT_KIND)) as FileRef | undefined;
      return ref ? files.read(bloomId, ref) : null;
    },
  };
}
