// One name per concept (ARCHITECTURE.md's glossary, decision 054): in code the thing a user makes is a *bloom*;
// "agent" is the word users read (texts, URLs) and the engine's (Flora loads an *agent file*). This keeps the names
// a reader navigates by — paths, exported names, CSS classes — to that rule, outside the engine's folders.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repoRoot = decodeURIComponent(new URL('../../../', import.meta.url).pathname);

/** Where "bloom" is the rule: the apps and the packages that carry the product's entities. */
const IN_SCOPE = /^(apps\/(server|web)\/(src|test)|packages\/(contracts|db|mtp)\/src)\//;
/** The engine's folders (and the UI's texts), where "agent" is the right word. */
const ENGINE_OR_TEXTS = /^apps\/web\/src\/(features\/flora|locales)\//;
/** "agent" allowed only as the agent file (the engine's artifact) or the HTTP User-Agent. */
const STRAY_AGENT = /agent(?![-_]?file)/i;
const allowed = (name: string) => name.replace(/user[-_]?agent/gi, '');

const EXPORTED =
  /^export (?:default )?(?:declare )?(?:async )?(?:function\*? |const |let |class |type |interface |enum )(\w+)/gm;
const CSS_CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** The names in one file that break the rule: its path, its exported names, its CSS classes. */
function strayAgentNames(file: string, text: string): string[] {
  if (!IN_SCOPE.test(file) || ENGINE_OR_TEXTS.test(file)) return [];
  const names = [file];
  if (/\.(ts|tsx)$/.test(file)) names.push(...[...text.matchAll(EXPORTED)].map((m) => m[1]!));
  if (file.endsWith('.css')) names.push(...[...text.matchAll(CSS_CLASS)].map((m) => `.${m[1]!}`));
  return names.filter((name) => STRAY_AGENT.test(allowed(name)));
}

describe('the glossary: bloom in code, agent for users and the engine', () => {
  it('finds no "agent" in the names of the apps and the entity packages, except the agent file', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n');
    const stray = files
      .filter((file) => IN_SCOPE.test(file) && /\.(ts|tsx|css)$/.test(file))
      .flatMap((file) => strayAgentNames(file, readFileSync(repoRoot + file, 'utf8')));
    expect(stray).toEqual([]);
  });

  it('would flag a path, an export and a class that call a bloom an agent', () => {
    expect(
      strayAgentNames('apps/web/src/features/blooms/agent-list.tsx', 'export function AgentList() {}'),
    ).toEqual(['apps/web/src/features/blooms/agent-list.tsx', 'AgentList']);
    expect(strayAgentNames('apps/server/src/features/blooms/x.ts', 'export type AgentRow = {};')).toEqual([
      'AgentRow',
    ]);
    expect(strayAgentNames('apps/web/src/components/x.css', '.agent-pill { color: red; }')).toEqual([
      '.agent-pill',
    ]);
  });

  it('lets the agent file, the User-Agent header, the engine and the texts say agent', () => {
    expect(
      strayAgentNames('apps/server/src/lib/send-agent-file.ts', 'export function agentFileDocs() {}'),
    ).toEqual([]);
    expect(strayAgentNames('apps/server/src/lib/x.ts', 'export const userAgent = 1;')).toEqual([]);
    expect(
      strayAgentNames('apps/web/src/features/flora/engine/x.ts', 'export interface LoadedAgent {}'),
    ).toEqual([]);
    expect(strayAgentNames('e2e/agents.test.ts', '')).toEqual([]);
  });
});
