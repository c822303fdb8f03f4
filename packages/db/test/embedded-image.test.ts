// The embedded database's image, asked of its owner through the lock's socket (embedded-image.ts):
// only with the owner's token, taken between transactions, and opened again by loadDataDir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectToOwner } from '../src/dir-lock.js';
import { imageFromOwner, openDatabase, schema, type DirectoryLockedError } from '../src/index.js';

function ask(dataDir: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connectToOwner(dataDir);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => resolve(answer));
    socket.end(request);
  });
}

describe('an image of the embedded database, asked of its owner', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-image-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is refused without the token and holds every committed transaction, none half', async () => {
    const owner = await openDatabase({ driver: 'pglite', dataDir });
    try {
      await owner.migrate();
      // The lock still names its owner to a second process.
      const refused = await openDatabase({ driver: 'pglite', dataDir }).catch((e: unknown) => e);
      expect((refused as DirectoryLockedError).ownerPid).toBe(process.pid);
      expect(await ask(dataDir, 'image 0123\n')).toBe(
        `${process.pid}\nerror: not authorised (wrong or old owner token)\n`,
      );

      // Asked while a transaction is open: the image waits for it to end.
      let finish!: () => void;
      const transaction = owner.db.transaction(async (tx) => {
        await tx.insert(schema.users).values({ email: 'in@example.com', firstName: 'In', lastName: 'Tx' });
        await new Promise<void>((resolve) => (finish = resolve));
        await tx.insert(schema.users).values({ email: 'last@example.com', firstName: 'La', lastName: 'St' });
      });
      await new Promise((r) => setTimeout(r, 100));
      const image = imageFromOwner(dataDir);
      await new Promise((r) => setTimeout(r, 300));
      finish();
      await transaction;

      const copy = await openDatabase({
        driver: 'pglite',
        dataDir: null,
        loadDataDir: await image,
      });
      try {
        const emails = (await copy.db.select().from(schema.users)).map((u) => u.email).sort();
        expect(emails).toEqual(['in@example.com', 'last@example.com']);
      } finally {
        await copy.close();
      }
    } finally {
      await owner.close();
    }
  }, 90_000);
});
