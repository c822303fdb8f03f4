// The tests' S3 service (issue 35): s3rver, an S3 API server on the local disk that speaks the protocol the SDK
// does (signed requests, presigned addresses, paged listings, multi-object deletes). It is the usual S3 test peer
// in Node; MinIO would be a Go binary to download, and nothing may be downloaded at install or run time here. It
// runs as a process of its own (on a test host's network, too: `prefix`), with OpenSSL's legacy provider: s3rver
// seals its listings' continuation tokens with DES, which Node's OpenSSL 3 keeps there. One bucket, whose CORS
// lets the web app follow a download redirect. It does not check presigned addresses' signatures (a forged one
// is served): what the tests show of signing is that the SDK's addresses are accepted and expire as configured.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const TEST_BUCKET = 'greenhouse-test';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
</CORSConfiguration>`;

const s3rverBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
  'bin/s3rver.js',
);

export interface S3Peer {
  /** The service's address (S3_ENDPOINT). */
  endpoint: string;
  /** The folder it keeps the bucket's objects in. */
  directory: string;
  /** The server's environment for an S3 store under `prefix` in the test bucket. */
  env(prefix: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the S3 service on `address` (loopback by default), on `port` or any free one; `prefix` runs it through
 * another command (`ip netns exec <host>`).
 */
export async function startS3Peer(
  options: { address?: string; port?: number; prefix?: string[] } = {},
): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'gh-s3-'));
  const cors = path.join(directory, '..', `${path.basename(directory)}-cors.xml`);
  writeFileSync(cors, CORS);
  const address = options.address ?? '127.0.0.1';
  const [command, ...args] = [
    ...(options.prefix ?? []),
    process.execPath,
    '--openssl-legacy-provider',
    s3rverBin,
    ...['-d', directory, '-a', address, '-p', String(options.port ?? 0)],
    ...['--configure-bucket', TEST_BUCKET, cors],
  ];
  const child: ChildProcess = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /S3rver listening on [^\s]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}):\n${output}`));
    });
  });
  // Its request log is not read past the start; draining it keeps the pipe from filling.
  child.stdout!.resume();
  child.stderr!.resume();
  const endpoint = `http://${address}:${port}`;
  return {
    endpoint,
    directory,
    env: (prefix) => ({
      ARTIFACTS_URL: `s3://${TEST_BUCKET}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed credentials, where the SDK looks for them.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
      rmSync(cors, { force: true });
    },
  };
}
