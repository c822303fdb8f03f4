import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { currentBuildOf } from '@greenhouse/trainer';
// Tests that start servers take the port from here (one copy for the scripts and the tests).
export { freePort } from '../../../../scripts/lib/free-port.mjs';

const entries = {
  server: fileURLToPath(new URL('../../src/main.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../../src/worker.ts', import.meta.url)),
};

const isRoot = () => process.getuid?.() === 0;
const DROPPED = '-dac_override,-dac_read_search';
const WITHOUT_FILE_OVERRIDE = ['setpriv', `--bounding-set=${DROPPED}`, `--inh-caps=${DROPPED}`, '--'];

/**
 * Why file permissions cannot be made to hold for a server process here, or null when they can (not root,
 * or root with a working setpriv).
 */
export function filePermissionsUnenforceable(): string | null {
  if (!isRoot()) return null;
  const probe = spawnSync(WITHOUT_FILE_OVERRIDE[0]!, [...WITHOUT_FILE_OVERRIDE.slice(1), 'true']);
  if (probe.status === 0) return null;
  return (
    `the tests run as root and util-linux's setpriv could not drop CAP_DAC_OVERRIDE ` +
    `(${probe.error?.message ?? probe.stderr.toString().trim()}), so root would write any folder`
  );
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * How node runs an entry point: from the build when it is current (`npm test` builds first; it starts seconds
 * sooner than compiling the sources through tsx on a busy machine), else from source.
 */
export function nodeCommand(entry: string): string[] {
  const built = currentBuildOf(entry);
  return built
    ? [process.execPath, built]
    : [process.execPath, '--conditions=source', '--import', 'tsx', entry];
}

/**
 * Runs the real server (or standalone worker) entry point, from its current build or its sources, as a separate
 * OS process.
 * `filePermissions: true` makes file permissions hold for it even when the tests run as root: it runs as root
 * without the capabilities that override them (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), through util-linux's
 * setpriv. It stays the same user, so it reads its code wherever the clone is (another user, such as
 * `nobody`, could not enter a clone in root's 0700 home or in a `mktemp -d` folder).
 */
export function startServerProcess(
  env: NodeJS.ProcessEnv,
  entry: keyof typeof entries = 'server',
  { filePermissions = false }: { filePermissions?: boolean } = {},
): ServerProcess {
  const node = nodeCommand(entries[entry]);
  const [command, ...args] = filePermissions && isRoot() ? [...WITHOUT_FILE_OVERRIDE, ...node] : node;
  const child = spawn(command!, args, {
    // Device fit costs seconds per export: measured only where a test looks at it, as createTestApp does.
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', DEVICE_FIT: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = { child, output: () => output, exited };
  live.add(started);
  void exited.then(() => live.delete(started));
  return started;
}

/**
 * The processes started by this test file that have not ended (the integration files share this module in a
 * worker, one file after another: each file's afterAll stops its own before the next starts).
 */
const live = new Set<ServerProcess>();

/** Kills a process with SIGKILL (no clean-up of its own) and waits until it has ended. */
export async function killServerProcess(p: ServerProcess): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
}

/**
 * Kills every process this test file started that still runs, and waits for them: for `afterEach` or
 * `afterAll`, so that no test leaves a server behind (holding a port, a data directory or the CPU).
 */
export async function stopServerProcesses(): Promise<void> {
  await Promise.all([...live].map(killServerProcess));
}

/**
 * Waits until the server (or worker) logs that it is running, or fails with what it printed. A minute by
 * default: a first start compiles the server's sources (tsx), which took over 30 s on CI's loaded 2-core machine.
 */
export async function waitUntilRunning(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/Greenhouse (worker )?is running/.test(server.output())) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
