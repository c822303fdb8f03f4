// An agent's scenario tests (issue 33): GET and PUT /blooms/{id}/scenarios. The cases are checked against the
// version in the works, stored on the agent's row and run again on every trained version, whose results the
// pipeline keeps as its export's output (the download may wait on them).
import type { ScenariosRequest, ScenariosResponse } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import type { ArtifactStore } from '../pipeline/artifact-store.js';
import {
  exportedVersions,
  readAgentFile,
  readScenarioResults,
  storeScenarioResults,
} from '../pipeline/stage-outputs.js';
import { checkScenarios, scenarioInstructions, scenarioList } from '../scenarios/check-scenarios.js';
import { runOnVersion, type VersionScenarioRun } from '../scenarios/version-scenarios.js';
import { versionProtocol } from './version-protocol.js';

/** The agent's cases and each trained version's results; `bloom` is the caller's, already its owner's. */
export async function readScenarios(
  db: Db,
  bloom: { id: string; scenarios: unknown; gateDownload: boolean; latestVersion: number },
): Promise<ScenariosResponse> {
  const results = (await readScenarioResults(db, bloom.id)).map(({ version, run }) => ({ version, ...run }));
  return {
    gateDownload: bloom.gateDownload,
    scenarios: scenarioList(bloom.scenarios),
    instructions: scenarioInstructions(await versionProtocol(db, bloom.id, bloom.latestVersion)),
    results,
  };
}

/**
 * Stores the owner's cases after checking them against the version in the works, and runs them on every
 * trained version; the cases and every version's results are written in one transaction. (A version whose
 * export commits meanwhile ran the cases before: its results are those of the earlier cases until the next
 * change.)
 */
export async function saveScenarios(
  db: Db,
  files: ArtifactStore,
  bloom: { id: string; latestVersion: number },
  request: ScenariosRequest,
): Promise<void> {
  checkScenarios(request.scenarios, await versionProtocol(db, bloom.id, bloom.latestVersion));
  const runs: { version: number; run: VersionScenarioRun }[] = [];
  for (const version of await exportedVersions(db, bloom.id)) {
    const file = await readAgentFile(db, files, bloom.id, version);
    if (!file) continue;
    const protocol = await versionProtocol(db, bloom.id, version);
    runs.push({ version, run: await runOnVersion(file, protocol, request.scenarios) });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(schema.blooms)
      .set({ scenarios: request.scenarios, gateDownload: request.gateDownload, updatedAt: new Date() })
      .where(eq(schema.blooms.id, bloom.id));
    for (const { version, run } of runs) await storeScenarioResults(tx, bloom.id, version, run);
  });
}
