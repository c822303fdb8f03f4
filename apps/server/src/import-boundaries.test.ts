// The server's import boundaries (eslint.config.js, `serverFeatureDependencies`): the table names every feature and
// has no cycle, and the rule fails a cross-feature import the table does not list — shown by linting snippets at
// fake paths with the repository's own config.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { restrictedImports as lintImport } from '../../../scripts/lib/restricted-imports.mjs';

// The config is plain JavaScript without types: read through a variable specifier, typed here.
const configFile = '../../../eslint.config.js';
const { serverFeatureDependencies: table } = (await import(configFile)) as {
  serverFeatureDependencies: Record<string, string[]>;
};

const restrictedImports = (file: string, specifier: string) =>
  lintImport(`apps/server/src/${file}`, specifier);

describe('server import boundaries', () => {
  it('list every feature folder, and only those', () => {
    const folders = readdirSync(new URL('./features/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(table).sort()).toEqual(folders);
    for (const [feature, uses] of Object.entries(table))
      expect(
        uses.filter((other) => !folders.includes(other)),
        feature,
      ).toEqual([]);
  });

  it('have no cycle: the features can be put in an order where each uses only earlier ones', () => {
    const ordered: string[] = [];
    let left = Object.keys(table);
    while (left.length > 0) {
      const ready = left.filter((feature) => table[feature]!.every((other) => ordered.includes(other)));
      expect(ready, `a cycle among ${left.join(', ')}`).not.toEqual([]);
      ordered.push(...ready);
      left = left.filter((feature) => !ready.includes(feature));
    }
  });

  it('fail a feature that imports one its row does not list', async () => {
    for (const [file, specifier] of [
      ['features/chats/fixture.ts', '../account/account-service.js'],
      ['features/users/fixture.ts', '../auth/auth-service.js'],
      ['features/pipeline/sub/fixture.ts', '../../blooms/bloom-service.js'],
      ['features/auth/fixture.ts', '../../features/admin/admin-routes.js'],
    ]) {
      expect(await restrictedImports(file!, specifier!), `${file} → ${specifier}`).toEqual([
        expect.stringContaining('This feature may not import that one'),
      ]);
    }
  });

  it('fail lib/, infra/ and plugins/ that import a feature', async () => {
    for (const [file, specifier] of [
      ['lib/fixture.ts', '../features/users/present-user.js'],
      ['infra/jobs/fixture.ts', '../../features/pipeline/stages.js'],
      ['plugins/fixture.ts', '../features/auth/sessions.js'],
    ]) {
      expect(await restrictedImports(file!, specifier!), `${file} → ${specifier}`).toEqual([
        expect.stringContaining('below the features'),
      ]);
    }
  });

  it('allow a feature itself, the features its row lists and the layers below', async () => {
    for (const [file, specifier] of [
      ['features/chats/fixture.ts', './chat-store.js'],
      ['features/chats/fixture.ts', '../users/prompt-allowance.js'],
      ['features/admin/fixture.ts', '../account/delete-account.js'],
      ['features/pipeline/fixture.ts', '../../infra/jobs/job-queue.js'],
      ['features/shares/fixture.ts', '../../lib/app-error.js'],
    ]) {
      expect(await restrictedImports(file!, specifier!), `${file} → ${specifier}`).toEqual([]);
    }
  });
});
