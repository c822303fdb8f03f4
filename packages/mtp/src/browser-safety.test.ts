// The package runs in browsers (inference engine, chat designer): its sources must not use Node.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('browser safety', () => {
  const files = sources(src);

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(8);
  });

  it.each(files.map((f) => [path.relative(src, f), f]))(
    '%s imports only zod/mini and relative modules, no Node globals',
    (_name, file) => {
      const code = readFileSync(file, 'utf8');
      const imports = [...code.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports)
        expect(spec === 'zod/mini' || spec.startsWith('./') || spec.startsWith('../'), spec).toBe(true);
      const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(withoutComments).not.toMatch(/\b(process|Buffer|__dirname|__filename|require|global)\b/);
    },
  );
});
