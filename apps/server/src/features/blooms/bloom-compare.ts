// GET /blooms/{id}/compare?a=&b= (issue 33): two versions side by side — their figures, and what changed in
// the protocol from a to b (mtp's protocolDiff).
import type { VersionCompareResponse, VersionSummary } from '@greenhouse/contracts';
import type { Db } from '@greenhouse/db';
import { protocolDiff, type Protocol } from '@greenhouse/mtp';
import { AppError } from '../../lib/app-error.js';
import type { VersionView } from '../pipeline/stage-outputs.js';
import { versionProtocol } from './version-protocol.js';

function summary(version: VersionView, protocol: Protocol): VersionSummary {
  const { samples, ...rest } = version;
  return { ...rest, samples: samples ?? protocol.sets.reduce((n, set) => n + set.samples.length, 0) };
}

/** `versions`: the agent's (its owner's, already checked). */
export async function compareVersions(
  db: Db,
  bloomId: string,
  versions: readonly VersionView[],
  a: number,
  b: number,
): Promise<VersionCompareResponse> {
  const [va, vb] = [a, b].map((n) => versions.find((v) => v.number === n));
  if (!va || !vb) throw new AppError('bloom.version_not_found');
  const [pa, pb] = await Promise.all([versionProtocol(db, bloomId, a), versionProtocol(db, bloomId, b)]);
  return { a: summary(va, pa), b: summary(vb, pb), diff: protocolDiff(pa, pb) };
}
