// The CLI as a real child process (through tsx, on the sources).
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleProtocol, randomAgent, trainedAgent } from '../test/fixture.js';
import { exampleRequests } from '../test/requests.js';
import type { DeviceFit } from './device-fit.js';
import type { RunRequest } from './index.js';

const CLI = new URL('./cli.ts', import.meta.url).pathname;
const NODE_ARGS = ['--conditions=source', '--import', 'tsx', CLI];
let agentPath: string;
let requests: RunRequest[];

beforeAll(async () => {
  const { agent, protocol } = await trainedAgent();
  agentPath = path.join(mkdtempSync(path.join(tmpdir(), 'flora-cli-')), 'agent.json');
  writeFileSync(agentPath, agent);
  requests = exampleRequests(protocol);
}, 60_000);

/** Runs the CLI with `stdin`; resolves with its exit code and output. */
function cli(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('flora (CLI)', () => {
  it('run --jsonl answers each line, an error line without stopping', async () => {
    const lines = [
      JSON.stringify(requests[0]),
      '{"instruction": "nope", "inputs": []}',
      'not json',
      JSON.stringify(requests[4]),
    ];
    const { code, stdout } = await cli(['run', agentPath, '--jsonl'], lines.join('\n') + '\n');
    expect(code).toBe(0);
    const out = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { output: string; tokens: number; error: { code: string } });
    expect(out).toHaveLength(4);
    for (const good of [out[0]!, out[3]!]) {
      expect(Object.keys(good)).toEqual([
        'output',
        'reaction',
        'reactionName',
        'reactionIndex',
        'refused',
        'reactionValue',
        'tokens',
        'tokensPerSecond',
      ]);
      expect(good.output.length).toBeGreaterThan(0);
      expect(good.tokens).toBeGreaterThan(0);
    }
    expect(out[1]!.error.code).toBe('unknown_instruction');
    expect(out[2]!.error.code).toBe('invalid_request');
  }, 30_000);

  it('run --jsonl gives the same answers as the API (greedy)', async () => {
    const { loadAgent } = await import('./index.js');
    const { readFileSync } = await import('node:fs');
    const agent = await loadAgent(readFileSync(agentPath));
    const { stdout } = await cli(['run', agentPath, '--jsonl'], JSON.stringify(requests[7]) + '\n');
    const expected = agent.run(requests[7]!);
    expect(JSON.parse(stdout)).toMatchObject({
      output: expected.output,
      reaction: expected.reaction,
      reactionName: expected.reactionName,
      reactionIndex: expected.reactionIndex,
      refused: expected.refused,
      tokens: expected.tokens,
    });
  }, 30_000);

  it('run at a terminal asks for the instruction and its lines and prints output and reaction', async () => {
    // A terminal: util-linux's script(1) runs the CLI on a pseudo-terminal fed from our pipe.
    const r = requests[0]!;
    const command = [process.execPath, ...NODE_ARGS, 'run', agentPath].map((a) => `'${a}'`).join(' ');
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', (c) => resolve({ code: c, stdout: out }));
      child.stdin.end(['1', ...r.inputs.map((i) => i.text), ''].join('\n') + '\n');
    });
    expect(code).toBe(0);
    expect(stdout).toContain('instruction> ');
    expect(stdout).toMatch(/— reaction: \S+/);
    expect(stdout).not.toContain('<UNK>');
  }, 30_000);

  it('run with piped input asks nothing and answers every request, naming reactions, never raw keys', async () => {
    // One instruction of two input lines: the agent where "again? [Y/n]" used to eat every other request.
    const protocol = exampleProtocol();
    const single = { ...protocol, sets: [protocol.sets[0]!] };
    const { agent } = randomAgent({ dModel: 32, nLayers: 1, nHeads: 2, dFF: 64 }, 1, 1, single);
    const file = path.join(path.dirname(agentPath), 'single.json');
    writeFileSync(file, agent);
    const { loadAgent } = await import('./index.js');
    const loaded = await loadAgent(agent);
    const keys = loaded.instructions[0]!.reactionDetails.map((r) => r.line);
    const requests = [
      ['Gull Cape light, good evening.', 'Evening, keeper. Is the harbour open?'],
      ['Good night from the Marta.', 'Any news of the weather?'],
      ['Keeper here.', 'Is anyone out there tonight?'],
    ];
    // Blank lines between requests are skipped.
    const { code, stdout } = await cli(['run', file], requests.map((r) => r.join('\n')).join('\n\n') + '\n');
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/again\?|> /);
    const reactions = stdout.split('\n').filter((l) => l.startsWith('— reaction: '));
    expect(reactions).toHaveLength(requests.length);
    for (const [k, r] of requests.entries()) {
      const expected = loaded.run({
        instruction: loaded.instructions[0]!.name,
        inputs: r.map((text) => ({ text })),
      });
      const name = expected.refused ? 'refused' : expected.reactionName;
      expect(reactions[k]).toBe(
        `— reaction: ${name}${expected.reactionValue === null ? '' : ` ${expected.reactionValue}`}`,
      );
      expect(stdout).toContain(`${expected.output}\n${reactions[k]}`);
    }
    // A refusal's raw key (`Chat_<UNK>_`) is never printed.
    expect(keys.some((k) => k.includes('<UNK>'))).toBe(true);
    expect(stdout).not.toContain('<UNK>');
  }, 30_000);

  it('info prints the parameters, instructions and reactions; a damaged file fails with its code', async () => {
    const { code, stdout } = await cli(['info', agentPath, '--no-fit']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/parameters/);
    expect(stdout).not.toContain('device fit');
    expect(stdout).toContain('ship_reports_position');
    expect(stdout).toContain('Warning_');
    const broken = path.join(path.dirname(agentPath), 'broken.json');
    writeFileSync(broken, '{"format": "greenhouse-agent", "formatVersion": 9}');
    const bad = await cli(['info', broken]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('(unsupported_version)');
    const bench = await cli(['bench', agentPath, '--runs', '1']);
    expect(bench.code).toBe(0);
    expect(bench.stdout).toMatch(/speed: \d+ tokens\/s .* time to first token [\d.]+ ms/);
    const usage = await promisify(execFile)(process.execPath, [...NODE_ARGS, 'help']);
    expect(usage.stdout).toContain('flora run <agent.json>');
  }, 30_000);

  it('info measures the device fit: Flora-JS, and Flora native given its library (or why not)', async () => {
    // Flora native as scripts/build.mjs builds it with gcc (`npm test` builds first), its measurer beside it.
    const { version } = JSON.parse(
      readFileSync(new URL('../../flora-native/package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    const library = new URL(
      `../../../apps/server/dist/downloads/flora-native-${version}-linux-x64.so`,
      import.meta.url,
    ).pathname;
    const built = existsSync(library) && existsSync(library.replace(/\.so$/, '-fit'));
    if (!built)
      console.warn(`flora info --native: no ${library} with its measurer (build with gcc): not measured`);

    const text = await cli(['info', agentPath, '--native', library]);
    expect(text.code).toBe(0);
    expect(text.stderr).toContain('measuring device fit');
    expect(text.stdout).toMatch(
      /device fit .*\n {2}Flora-JS: \d+ tokens\/s, first token [\d.]+ ms, memory \+[\d.]+ MB over a bare Node process/,
    );
    expect(text.stdout).toMatch(
      built
        ? /Flora native: \d+ tokens\/s, first token [\d.]+ ms, memory \+[\d.]+ MB over a bare C process/
        : /Flora native: not measured — /,
    );

    const json = await cli(['info', agentPath, '--json', '--native', '/nowhere/flora-native.so']);
    expect(json.code).toBe(0);
    const { bytes, parameters, deviceFit } = JSON.parse(json.stdout) as {
      bytes: number;
      parameters: number;
      deviceFit: DeviceFit;
    };
    expect(deviceFit).toMatchObject({
      fileBytes: bytes,
      parameters,
      native: null,
      nativeMissingReason: 'no Flora native library at /nowhere/flora-native.so',
    });
    expect(deviceFit.js.memoryBytes).toBeGreaterThan(0);
    expect(deviceFit.js.tokensPerSecond).toBeGreaterThan(0);
    expect(deviceFit.js.firstTokenMs).toBeGreaterThan(0);
  }, 60_000);

  it('export-unreal writes the model folder: the template, tokenizer.bin and weights.bin', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'flora-unreal-'));
    const { code, stdout } = await cli(['export-unreal', agentPath, out]);
    expect(code).toBe(0);
    const folder = stdout.trim();
    const name = path.basename(folder);
    expect(name).toBe('Fixture_bloom');
    expect(readdirSync(folder).sort()).toEqual([`${name}_template.json`, 'tokenizer.bin', 'weights.bin']);
    const template = JSON.parse(readFileSync(path.join(folder, `${name}_template.json`), 'utf8')) as {
      inputs: number;
    };
    expect(template.inputs).toBe(2);
    expect(readFileSync(path.join(folder, 'tokenizer.bin')).subarray(0, 8).toString()).toBe('FLORATOK');
    expect(readFileSync(path.join(folder, 'weights.bin')).subarray(0, 8).toString()).toBe('FLORAWTS');
    const usage = await cli(['export-unreal', agentPath]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('expected an agent file and a folder');
  }, 30_000);
});
