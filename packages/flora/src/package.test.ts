// The package as users download it — apps/server/dist/downloads/flora-<version>.tgz, packed by scripts/build.mjs
// (`npm test` builds it first) — installs with no runtime dependencies: package.json names none, the bundles
// import nothing but Node's modules (the CLI), and the type declarations need nothing outside the tarball
// (the agent file's format, @greenhouse/agent-format, is copied in): they type-check on their own.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const TGZ = new URL(`../../../apps/server/dist/downloads/flora-${version}.tgz`, import.meta.url);

/** The files of a (gzipped) tar archive, by path. */
function untar(gzipped: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(gzipped);
  const files = new Map<string, Buffer>();
  const text = (from: number, length: number) =>
    tar.toString('utf8', from, from + length).replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    const name = text(at, 100);
    if (!name) break;
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const prefix = text(at + 345, 155);
    const type = text(at + 156, 1);
    if (type === '0' || type === '')
      files.set(prefix ? `${prefix}/${name}` : name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

const bareImports = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)]
    .map((m) => m[1]!)
    .filter((specifier) => !specifier.startsWith('.'));

let files: Map<string, Buffer>;
beforeAll(() => {
  expect(existsSync(TGZ), `${TGZ.pathname} is missing: run \`npm run build\``).toBe(true);
  files = untar(readFileSync(TGZ));
});

describe(`flora-${version}.tgz (the download)`, () => {
  it('names no runtime dependency', () => {
    const pkg = JSON.parse(files.get('package/package.json')!.toString('utf8')) as Record<string, unknown>;
    expect(pkg.name).toBe('@greenhouse/flora');
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies'])
      expect(pkg[field], field).toBeUndefined();
  });

  it('holds the two bundles, which import nothing but node: modules', () => {
    expect(bareImports(files.get('package/dist/flora.js')!.toString('utf8'))).toEqual([]);
    const cli = bareImports(files.get('package/dist/flora-cli.js')!.toString('utf8'));
    for (const specifier of cli) expect(specifier).toMatch(/^node:/);
  });

  it('holds the declarations, which import only each other', () => {
    const declarations = [...files.keys()].filter((f) => f.endsWith('.d.ts'));
    expect(declarations).toContain('package/dist/index.d.ts');
    expect(declarations).toContain('package/dist/agent-format/index.d.ts');
    for (const f of declarations) expect(bareImports(files.get(f)!.toString('utf8')), f).toEqual([]);
  });

  it('type-checks on its own: a program using its types, in a folder with nothing else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flora-types-'));
    try {
      for (const [file, bytes] of files) {
        const to = path.join(dir, 'node_modules/@greenhouse/flora', file.replace(/^package\//, ''));
        mkdirSync(path.dirname(to), { recursive: true });
        writeFileSync(to, bytes);
      }
      const main = path.join(dir, 'main.ts');
      writeFileSync(
        main,
        [
          "import { AGENT_FORMAT, AGENT_FORMAT_VERSION, loadAgent, type Architecture } from '@greenhouse/flora';",
          "const format: 'greenhouse-agent' = AGENT_FORMAT;",
          'const version: number = AGENT_FORMAT_VERSION;',
          'export async function size(text: string): Promise<[number, string, string, number]> {',
          '  const agent = await loadAgent(text);',
          '  const a: Architecture = agent.info.architecture;',
          '  return [a.dModel * a.nLayers, a.activation, format, version];',
          '}',
          '',
        ].join('\n'),
      );
      writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
      const program = ts.createProgram([main], {
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
      expect(program.getSourceFiles().map((f) => f.fileName)).toContain(
        path
          .join(dir, 'node_modules/@greenhouse/flora/dist/agent-format/format.d.ts')
          .split(path.sep)
          .join('/'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
