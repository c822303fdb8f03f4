// The engine runs in browsers: only the CLI (and tests) may import Node's modules.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('./', import.meta.url);
const files = (dir: URL): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(new URL(`${e.name}/`, dir)).map((f) => `${e.name}/${f}`) : [e.name],
  );

describe('the engine', () => {
  it('imports nothing from node: and has no dependency outside its own files', () => {
    const engine = files(root).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'cli.ts');
    expect(engine.length).toBeGreaterThan(8);
    for (const f of engine) {
      const source = readFileSync(new URL(f, root), 'utf8').replace(/^\s*\/\/.*$/gm, '');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const i of imports) expect(i.startsWith('.'), `${f} imports ${i}`).toBe(true);
      expect(source).not.toMatch(/\bBuffer\b|\bprocess\./);
    }
  });
});
