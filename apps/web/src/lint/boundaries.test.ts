// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { restrictedImports as lintImport } from '../../../../scripts/lib/restricted-imports.mjs';

// The web app's import boundaries (eslint.config.js, `webBoundaries`): these lint snippets at fake paths
// with the repository's own config and expect the rule to fire, or not.
const restrictedImports = (file: string, specifier: string) => lintImport(`apps/web/src/${file}`, specifier);

describe('web import boundaries', () => {
  it('fails a feature that imports another feature', async () => {
    for (const [file, specifier] of [
      ['features/chats/fixture.ts', '../blooms/x'],
      ['features/chats/components/fixture.tsx', '../../blooms/api/blooms'],
      ['features/flora/components/fixture.tsx', '../../../features/blooms/format'],
      ['features/blooms/fixture.ts', '../auth'],
      // The features are every folder of features/ (eslint.config.js), admin and shared-bloom among them.
      ['features/admin/components/fixture.tsx', '../../account/api/account'],
      ['features/shared-bloom/fixture.ts', '../flora/engine/flora-engine'],
    ]) {
      const messages = await restrictedImports(file!, specifier!);
      expect(messages, `${file} → ${specifier}`).toEqual([
        expect.stringContaining('A feature must not import another feature'),
      ]);
    }
  });

  it('fails a feature that imports app/', async () => {
    const messages = await restrictedImports('features/auth/components/fixture.tsx', '../../../app/paths');
    expect(messages).toEqual([expect.stringContaining('Only app/ imports app/')]);
  });

  it('fails lib/, components/, hooks/ and locales/ that import a feature or app/', async () => {
    for (const [file, specifier] of [
      ['lib/fixture.ts', '../features/blooms/format'],
      ['components/menu/fixture.tsx', '../../app/router'],
      ['hooks/fixture.ts', '../features/auth/api/sign-in'],
      ['locales/fixture.ts', '../app/paths'],
    ]) {
      const messages = await restrictedImports(file!, specifier!);
      expect(messages, `${file} → ${specifier}`).toEqual([
        expect.stringContaining('lib/, components/, hooks/ and locales/ are shared'),
      ]);
    }
  });

  it('allows a feature its own files and the shared layers, and app/ everything', async () => {
    for (const [file, specifier] of [
      ['features/chats/components/fixture.tsx', '../api/chats'],
      ['features/chats/components/fixture.tsx', '../../chats/draft-gaps'],
      ['features/chats/components/fixture.tsx', '../../../lib/paths'],
      ['features/chats/components/fixture.tsx', '../../../components/form/text-field'],
      ['app/routes/fixture.tsx', '../../features/blooms/components/bloom-view'],
      ['lib/fixture.ts', './paths'],
    ]) {
      expect(await restrictedImports(file!, specifier!), `${file} → ${specifier}`).toEqual([]);
    }
  });

  it('still keeps server and Node-only code out of every folder', async () => {
    const messages = await restrictedImports('features/chats/fixture.ts', 'node:fs');
    expect(messages).toEqual([expect.stringContaining('must not import server, database or Node-only code')]);
  });
});
