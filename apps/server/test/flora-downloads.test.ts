import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { floraDownloadsResponseSchema } from '@greenhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { signedInClient } from './support/users.js';

// A downloads directory of our own, so the test does not depend on a build of Flora.
const dir = mkdtempSync(path.join(tmpdir(), 'gh-flora-'));
const tgz = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4]);
const js = 'export async function loadAgent() {}\n';
writeFileSync(path.join(dir, 'flora-0.9.0.tgz'), Buffer.from([0x1f, 0x8b, 8]));
writeFileSync(path.join(dir, 'flora-0.10.0.tgz'), tgz);
writeFileSync(path.join(dir, 'flora-0.10.0.js'), js);
writeFileSync(path.join(dir, 'flora-0.10.0-rc.1.js'), 'old');
writeFileSync(path.join(dir, 'notes.txt'), 'not a download');
const so = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);
const dll = Buffer.from([0x4d, 0x5a, 0x90, 0]);
writeFileSync(path.join(dir, 'flora-native-0.10.0-linux-x64.so'), so);
writeFileSync(path.join(dir, 'flora-native-0.10.0-windows-x64.dll'), dll);
writeFileSync(path.join(dir, 'flora-native-0.9.0-windows-x64.dll'), 'old');
const fit = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2]);
writeFileSync(path.join(dir, 'flora-native-0.10.0-linux-x64-fit'), fit);
const unity = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 5, 6]);
writeFileSync(path.join(dir, 'flora-unity-0.10.0.tgz'), unity);
writeFileSync(path.join(dir, 'flora-unity-0.9.0.tgz'), Buffer.from([0x1f, 0x8b, 8]));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FLORA_DOWNLOADS_DIR: dir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/flora/downloads', () => {
  it('needs a signed-in user (the /flora page does)', async () => {
    const res = await new SessionClient(t.app).get('/api/flora/downloads');
    expect(res.status).toBe(401);
  });

  it('lists the newest build of each kind, with version, size and url', async () => {
    const { client } = await signedInClient(t);
    const res = await client.get('/api/flora/downloads');
    expect(res.status).toBe(200);
    expect(z.strictObject(floraDownloadsResponseSchema.shape).parse(res.body)).toEqual({
      downloads: [
        {
          kind: 'browser',
          file: 'flora-0.10.0.js',
          version: '0.10.0',
          bytes: Buffer.byteLength(js),
          url: '/downloads/flora/flora-0.10.0.js',
        },
        {
          kind: 'cli',
          file: 'flora-0.10.0.tgz',
          version: '0.10.0',
          bytes: tgz.length,
          url: '/downloads/flora/flora-0.10.0.tgz',
        },
        {
          kind: 'native-linux-x64',
          file: 'flora-native-0.10.0-linux-x64.so',
          version: '0.10.0',
          bytes: so.length,
          url: '/downloads/flora/flora-native-0.10.0-linux-x64.so',
        },
        {
          kind: 'native-windows-x64',
          file: 'flora-native-0.10.0-windows-x64.dll',
          version: '0.10.0',
          bytes: dll.length,
          url: '/downloads/flora/flora-native-0.10.0-windows-x64.dll',
        },
        {
          kind: 'native-linux-x64-fit',
          file: 'flora-native-0.10.0-linux-x64-fit',
          version: '0.10.0',
          bytes: fit.length,
          url: '/downloads/flora/flora-native-0.10.0-linux-x64-fit',
        },
        {
          kind: 'unity',
          file: 'flora-unity-0.10.0.tgz',
          version: '0.10.0',
          bytes: unity.length,
          url: '/downloads/flora/flora-unity-0.10.0.tgz',
        },
      ],
      missing: [],
    });
  });

  it('says which native build is missing and what its operator installs to build it', async () => {
    const partial = mkdtempSync(path.join(tmpdir(), 'gh-flora-'));
    writeFileSync(path.join(partial, 'flora-native-0.10.0-linux-x64.so'), so);
    const other = await createTestApp({ env: { FLORA_DOWNLOADS_DIR: partial } });
    try {
      const { client } = await signedInClient(other);
      const res = await client.get('/api/flora/downloads');
      expect(res.body.downloads.map((d: { kind: string }) => d.kind)).toEqual(['native-linux-x64']);
      expect(res.body.missing).toEqual([
        {
          kind: 'native-windows-x64',
          compiler: 'x86_64-w64-mingw32-gcc',
          debianPackage: 'gcc-mingw-w64-x86-64',
        },
      ]);
    } finally {
      await other.close();
      rmSync(partial, { recursive: true, force: true });
    }
  });

  it('lists nothing when the directory does not exist', async () => {
    const other = await createTestApp({ env: { FLORA_DOWNLOADS_DIR: path.join(dir, 'missing') } });
    try {
      const { client } = await signedInClient(other);
      const res = await client.get('/api/flora/downloads');
      expect(res.body.downloads).toEqual([]);
      expect(res.body.missing.map((m: { kind: string }) => m.kind)).toEqual([
        'native-linux-x64',
        'native-windows-x64',
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('GET /downloads/flora/<file>', () => {
  // The Node package and the Unity package (Flora for Unity).
  it.each([
    ['flora-0.10.0.tgz', tgz],
    ['flora-unity-0.10.0.tgz', unity],
  ])('serves %s as an attachment, cached for good, to anyone', async (file, content) => {
    const res = await t.app.inject({ method: 'GET', url: `/downloads/flora/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(content.length);
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('serves the browser module as JavaScript (inline, so a page can import it)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/downloads/flora/flora-0.10.0.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  // The native libraries, and the device-fit measurer that `flora info --native` runs beside the Linux one.
  it.each([
    ['flora-native-0.10.0-windows-x64.dll', dll],
    ['flora-native-0.10.0-linux-x64-fit', fit],
  ])('serves %s as an attachment', async (file, content) => {
    const res = await t.app.inject({ method: 'GET', url: `/downloads/flora/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('answers HEAD with the size', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/downloads/flora/flora-0.10.0.tgz' });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(tgz.length);
  });

  it.each([
    'notes.txt',
    'flora-1.0.0.tgz',
    'flora-native-0.10.0-linux-x64.dll',
    'flora-unity-0.10.0.js',
    'flora-unity-x.tgz',
    '..%2Fflora-0.10.0.js',
    '..%2F..%2Fpackage.json',
  ])('answers 404 for %s', async (file) => {
    const res = await t.app.inject({ method: 'GET', url: `/downloads/flora/${file}` });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a NUL in the file name as text it cannot take', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/downloads/flora/flora-0.10.0.js%00.tgz' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'validation.invalid_characters',
      params: { field: 'file' },
    });
  });
});
