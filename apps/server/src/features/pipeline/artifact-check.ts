// After a restore (cli/restore.ts): every file output's row checked against its file.
//
// A backup takes the database first and copies the artifacts after it (README, "Backup and
// restore"), so every finished output the database names is in the copy: its file was written
// before its row was committed and is never written again. Two things can still differ:
// - a checkpoint: a training stage that paused again while the files were copied replaced its
//   checkpoint file (same name, newer state), or finished and removed it. The row and the file no
//   longer match, so the row is dropped and the stage starts over from its beginning (training is
//   deterministic: same result, more time).
// - an agent deleted while the files were copied: its rows are in the dump, its files are gone.
//   Nothing can bring them back; the restore reports it.
import { schema, type Db } from '@greenhouse/db';
import { and, eq, sql } from 'drizzle-orm';
import type { ArtifactStore, FileRef } from './artifact-store.js';
import { CHECKPOINT_KIND } from './stage-outputs.js';

export interface ArtifactCheck {
  /** File outputs whose file matches its row. */
  matching: number;
  /** "agent stage/kind" of the checkpoints dropped (their stage starts over). */
  checkpointsDropped: string[];
  /** "agent stage/kind: reason" of the outputs whose file is missing or different. */
  broken: string[];
}

export async function checkArtifactFiles(db: Db, files: ArtifactStore): Promise<ArtifactCheck> {
  const table = schema.bloomArtifacts;
  const rows = await db
    .select({ bloomId: table.bloomId, stage: table.stage, kind: table.kind, content: table.content })
    .from(table)
    .where(sql`jsonb_typeof(${table.content} -> 'sha256') = 'string'`);
  const check: ArtifactCheck = { matching: 0, checkpointsDropped: [], broken: [] };
  for (const row of rows) {
    const name = `${row.bloomId} ${row.stage}/${row.kind}`;
    try {
      await files.read(row.bloomId, row.content as FileRef);
      check.matching += 1;
    } catch (error) {
      if (row.kind !== CHECKPOINT_KIND) {
        check.broken.push(`${name}: ${(error as Error).message}`);
        continue;
      }
      await db
        .delete(table)
        .where(and(eq(table.bloomId, row.bloomId), eq(table.stage, row.stage), eq(table.kind, row.kind)));
      await files.remove(row.bloomId, (row.content as FileRef).file);
      check.checkpointsDropped.push(name);
    }
  }
  return check;
}
