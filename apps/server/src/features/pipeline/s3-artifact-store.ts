// The outputs as objects in an S3 bucket (ARTIFACTS_URL=s3://bucket/prefix; issue 35): <prefix>/<bloom id>/<file>.
// Any service that speaks the S3 API serves (AWS S3, MinIO, Ceph, R2, B2; the tests use s3rver). A PutObject is
// atomic — a reader gets the old object or the new one, never part of one — so no temporary names are needed, and
// its Content-MD5 makes the service refuse bytes that changed on the way.
//
// The client is @aws-sdk/client-s3, pinned to an exact release: releases after the first week of January 2027
// require Node.js 22, and the README promises 20.19+ (the SDK prints a warning on 20 saying so).
import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ArtifactStore, checkedName, type DirectDownload, type FileRef } from './artifact-store.js';

export interface S3StoreConfig {
  bucket: string;
  /** The keys' common start, without slashes at its ends ('' for none). */
  prefix: string;
  /** Another service than AWS (MinIO, a test peer); null: AWS's own for the region. */
  endpoint: string | null;
  /** The address clients reach the service at, when it is not `endpoint` (presigned downloads); null: the same. */
  publicEndpoint: string | null;
  region: string;
  /** Path-style addresses (http://host/bucket/key), as most services but AWS need. */
  forcePathStyle: boolean;
  /** How long a presigned download address works. */
  downloadSeconds: number;
}

const clientFor = (config: S3StoreConfig, endpoint: string | null) =>
  new S3Client({
    region: config.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where the API requires them: the newer default (a CRC trailer on every upload) is not
    // understood by every S3-compatible service; our own Content-MD5 and sha256 checks cover integrity.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A request that hangs (a worker cut off from the store) gives up rather than land much later: a stage's run
    // checks it still owns the stage before it writes, and this bounds how long after that check a write may land.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
    // Credentials: the SDK's usual sources (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, instance roles).
  });

export class S3ArtifactStore extends ArtifactStore {
  private readonly client: S3Client;
  /** Signs download addresses for the address clients reach (which may not be the one the server uses). */
  private readonly signer: S3Client;

  constructor(private readonly config: S3StoreConfig) {
    super();
    this.client = clientFor(config, config.endpoint);
    this.signer = config.publicEndpoint ? clientFor(config, config.publicEndpoint) : this.client;
  }

  get location(): string {
    return `s3://${this.config.bucket}/${this.config.prefix}`;
  }

  private keyPrefix(bloomId?: string): string {
    const parts = [this.config.prefix, bloomId === undefined ? '' : checkedName('id', bloomId)];
    return parts.filter(Boolean).join('/') + '/';
  }

  private key(bloomId: string, file: string): string {
    return this.keyPrefix(bloomId) + checkedName('file', file);
  }

  async put(bloomId: string, file: string, data: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.key(bloomId, file),
        Body: data,
        ContentLength: data.byteLength,
        ContentMD5: createHash('md5').update(data).digest('base64'),
      }),
    );
  }

  async get(bloomId: string, file: string): Promise<Buffer> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(bloomId, file) }),
    );
    if (!answer.Body) throw new Error(`${file}: the store answered no body`);
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  async remove(bloomId: string, file: string): Promise<void> {
    // Deleting a missing key succeeds in S3.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(bloomId, file) }),
    );
  }

  /** Every page of a listing (S3 answers up to 1,000 keys at a time). */
  private async *pages(prefix: string, delimiter?: string): AsyncGenerator<ListObjectsV2CommandOutput> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: prefix,
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async list(bloomId: string): Promise<string[]> {
    const prefix = this.keyPrefix(bloomId);
    const files: string[] = [];
    for await (const page of this.pages(prefix))
      for (const { Key } of page.Contents ?? []) if (Key) files.push(Key.slice(prefix.length));
    return files.sort();
  }

  async removeAll(bloomId: string): Promise<void> {
    const prefix = this.keyPrefix(bloomId);
    for await (const page of this.pages(prefix)) {
      const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key ? [{ Key }] : []));
      if (keys.length === 0) continue;
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) throw new Error(`${failed.length} objects of ${bloomId} were not deleted`);
    }
  }

  async bloomIds(): Promise<string[]> {
    const prefix = this.keyPrefix();
    const ids: string[] = [];
    for await (const page of this.pages(prefix, '/'))
      for (const { Prefix } of page.CommonPrefixes ?? [])
        if (Prefix) ids.push(Prefix.slice(prefix.length, -1));
    return ids.sort();
  }

  /** A presigned GET of the object, answered with this Content-Disposition (the name it is saved under). */
  async directDownload(bloomId: string, ref: FileRef, contentDisposition: string): Promise<DirectDownload> {
    const url = await getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key: this.key(bloomId, ref.file),
        ResponseContentDisposition: contentDisposition,
        ResponseContentType: 'application/json; charset=utf-8',
      }),
      { expiresIn: this.config.downloadSeconds },
    );
    return { url };
  }
}
