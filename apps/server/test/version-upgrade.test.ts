// Issue 33, "upgrades keep data": a database as the code before versions left it (migrations up to 0007), with a
// trained agent's rows and its file where that code wrote them, migrated to today's schema: the agent is version
// 1 of itself, and it downloads the same bytes, whole and as version 1.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bloomStageNames, type Bloom } from '@greenhouse/contracts';
import { schema } from '@greenhouse/db';
import { createTestDatabase } from '@greenhouse/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { exampleProtocol } from './support/training.js';
import { signedInClient } from './support/users.js';

const BLOOM = '3f0e6a52-64a1-4c1e-9a52-4b8a1e0c7d10';
const OLD_OWNER = '7d1c2b3a-1111-4222-8333-944455556666';
/** The agent file as the old export wrote it (any bytes do: the download must give back these). */
const AGENT = Buffer.from(`{"formatVersion":2,"name":"Keeper","weights":"${'AbC+/9'.repeat(4000)}"}`);

let t: TestApp;
let owner: SessionClient;

beforeAll(async () => {
  const old = await createTestDatabase({ migratedUpTo: '0007_rate_limits' });
  const db = old.database.db;
  // What the code before versions wrote for a trained agent (no version columns yet).
  await db.execute(sql`insert into users (id, email, first_name, last_name) values
    (${OLD_OWNER}, 'old@example.test', 'Old', 'Owner')`);
  await db.execute(sql`insert into blooms (id, user_id, name, dataset_name, payment_status, price_cents)
    values (${BLOOM}, ${OLD_OWNER}, 'Keeper', 'keeper.json', 'paid', 0)`);
  await db.execute(sql`insert into bloom_protocols (bloom_id, version, content)
    values (${BLOOM}, 1, ${exampleProtocol()}::jsonb)`);
  for (const [position, name] of bloomStageNames.entries())
    await db.execute(sql`insert into bloom_stages (bloom_id, name, position, status, completed_at)
      values (${BLOOM}, ${name}, ${position}, 'completed', now())`);
  const ref = {
    file: 'training_exporting.agent',
    bytes: AGENT.byteLength,
    sha256: createHash('sha256').update(AGENT).digest('hex'),
  };
  await db.execute(sql`insert into bloom_artifacts (bloom_id, stage, kind, content)
    values (${BLOOM}, 'training_exporting', 'agent', ${JSON.stringify(ref)}::jsonb)`);

  await old.database.migrate();
  t = await createTestApp({ database: old, workers: false });
  mkdirSync(path.join(t.config.artifactsDir, BLOOM), { recursive: true });
  writeFileSync(path.join(t.config.artifactsDir, BLOOM, ref.file), AGENT);
  // Signed in through today's API, the old agent handed to that account.
  const signedIn = await signedInClient(t);
  owner = signedIn.client;
  await t.database.db.update(schema.blooms).set({ userId: signedIn.userId });
});
afterAll(async () => {
  await t?.close();
});

describe('an agent made before versions, after the upgrade', () => {
  it('is version 1 of itself, trained and current', async () => {
    const bloom = (await owner.get(`/api/blooms/${BLOOM}`)).body as Bloom;
    expect(bloom.dataset.model.status).toBe('completed');
    expect([bloom.protocolVersion, bloom.currentVersion]).toEqual([1, 1]);
    expect(bloom.versions.map((v) => [v.number, v.status, v.sizeBytes])).toEqual([
      [1, 'completed', AGENT.byteLength],
    ]);
  });

  it('downloads the same bytes as before, whole and as version 1', async () => {
    for (const url of [`/api/blooms/${BLOOM}/download`, `/api/blooms/${BLOOM}/versions/1/download`]) {
      const res = await owner.get(url);
      expect(res.status).toBe(200);
      expect(Buffer.from(res.text)).toEqual(AGENT);
    }
  });
});
