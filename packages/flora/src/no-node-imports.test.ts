// The engine runs in browsers: only the CLI (with its device-fit module) and tests may import Node's modules. Besides its own files it
// imports only the agent file's format (@greenhouse/agent-format, bundled into dist/flora.js), which imports
// nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('./', import.meta.url);
const format = new URL('../../agent-format/src/', import.meta.url);
const FORMAT = '@greenhouse/agent-format';
const files = (dir: URL): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(new URL(`${e.name}/`, dir)).map((f) => `${e.name}/${f}`) : [e.name],
  );

describe('the engine', () => {
  it('imports nothing from node: and has no dependency outside its own files and the format', () => {
    // The CLI and its device-fit measuring (child processes) are Node's.
    const nodeOnly = ['cli.ts', 'device-fit.ts'];
    const engine = files(root).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !nodeOnly.includes(f),
    );
    expect(engine.length).toBeGreaterThan(8);
    const formatFiles = files(format).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(formatFiles.length).toBeGreaterThan(2);
    const checked = [
      ...engine.map((f) => ({ f, url: new URL(f, root), allowed: [FORMAT] })),
      ...formatFiles.map((f) => ({
        f: `agent-format/${f}`,
        url: new URL(f, format),
        allowed: [] as string[],
      })),
    ];
    for (const { f, url, allowed } of checked) {
      const source = readFileSync(url, 'utf8').replace(/^\s*\/\/.*$/gm, '');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const i of imports)
        expect(i.startsWith('.') || allowed.includes(i), `${f} imports ${i}`).toBe(true);
      expect(source).not.toMatch(/\bBuffer\b|\bprocess\./);
    }
  });
});
