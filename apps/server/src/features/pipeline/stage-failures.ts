// How a stage's error is stored: its code and a reason the agent page can show.
import { StageFailure } from './stages.js';

const storageProblem: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a part of the path is not a folder',
};

/** The code and readable reason stored for a failed stage. */
export function failureReason(error: unknown): { code: string; message: string } {
  if (error instanceof StageFailure) return { code: error.code, message: error.message };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // The artifacts folder cannot take the stage's files: the operator must act (permissions, disk space).
  if (code && Object.hasOwn(storageProblem, code))
    return {
      code: 'stage.storage_unwritable',
      message: `The agent's files could not be written (${code}: ${storageProblem[code]}).`,
    };
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}
