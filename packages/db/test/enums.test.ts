import { isPgEnum, type PgEnum } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/index.js';
import { createTestDatabase, testDatabaseDriver, type TestDatabase } from '../src/testing.js';

// Issue 18: the migrated database holds exactly the schema's enums, in order — those the API also speaks are
// the contracts lists (src/schema.test.ts) — so a list changed without a new migration fails here.
const pgEnums: PgEnum<[string, ...string[]]>[] = Object.values(schema).flatMap((v) =>
  isPgEnum(v) ? [v] : [],
);

describe(`the migrated database's enums (${testDatabaseDriver()})`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test?.dispose());

  it('are the schema enums, no more', async () => {
    const { rows } = await test.database.executor.executeSql(
      `select t.typname as name from pg_type t where t.typtype = 'e'
       and t.typnamespace = 'public'::regnamespace order by t.typname`,
    );
    expect((rows as { name: string }[]).map((r) => r.name)).toEqual(pgEnums.map((e) => e.enumName).sort());
  });

  it.each(pgEnums.map((e) => [e.enumName, e.enumValues] as const))('%s', async (name, values) => {
    const { rows } = await test.database.executor.executeSql(
      `select e.enumlabel as label from pg_enum e join pg_type t on t.oid = e.enumtypid
       where t.typname = $1 and t.typnamespace = 'public'::regnamespace order by e.enumsortorder`,
      [name],
    );
    expect((rows as { label: string }[]).map((r) => r.label)).toEqual(values);
  });
});
