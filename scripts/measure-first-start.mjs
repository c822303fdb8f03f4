// Measures what a new user meets (issue 17): a fresh clone, `npm install`, the first `npm start` until
// GET / answers with the app, then a second `npm start`. Prints the install time, the EBADENGINE warnings,
// whether the install left `git status` clean, and both start times.
//
//   node scripts/measure-first-start.mjs                      HEAD as committed
//   node scripts/measure-first-start.mjs --working-tree       HEAD plus every uncommitted change
//   node scripts/measure-first-start.mjs --with scripts/build.mjs --with package.json …
//                                                             HEAD plus these files from the working tree
//   options: --keep (leave the clone in place), --json (one JSON line at the end), --timeout <s> (per start, 300),
//            --npm <version> (install with that npm, through npx: e.g. 10.8.2, the npm of Node 20)
//
// The clone lives in a new temporary directory; the overlay (if any) is committed there first, so `git status`
// after the install shows only what the install itself changed. Nothing in this repository is touched.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/free-port.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const values = (name) => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]] : []));
const timeoutSeconds = Number(values('--timeout')[0] ?? 300);

const say = (line) => process.stdout.write(`${line}\n`);
const seconds = (ms) => (ms / 1000).toFixed(1);
const load = () => loadavg()[0].toFixed(2);
const git = (cwd, ...gitArgs) =>
  execFileSync('git', gitArgs, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// A clean environment: nothing of this shell's configuration (DATABASE_URL, PORT, LOG_FORMAT, …) leaks in.
function cleanEnv(extra = {}) {
  const env = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TERM', 'USER', 'npm_config_cache'])
    if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, ...extra };
}

/** Files of the working tree to lay over HEAD: the given ones, or every uncommitted change. */
function overlay() {
  const chosen = values('--with');
  if (flag('--working-tree')) {
    const changed = git(root, 'ls-files', '-z', '--modified', '--others', '--exclude-standard')
      .split('\0')
      .filter(Boolean);
    chosen.push(...changed);
  }
  return [...new Set(chosen)];
}

function makeClone() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gh-first-start-'));
  const repo = path.join(dir, 'greenhouse');
  git(dir, 'clone', '--quiet', root, repo);
  const files = overlay();
  for (const file of files) {
    const from = path.join(root, file);
    const to = path.join(repo, file);
    if (!existsSync(from)) {
      rmSync(to, { force: true }); // deleted in the working tree
      continue;
    }
    if (statSync(from).isDirectory()) continue;
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  if (files.length > 0) {
    git(repo, 'add', '-A');
    git(
      repo,
      '-c',
      'user.name=measure',
      '-c',
      'user.email=measure@localhost',
      'commit',
      '--quiet',
      '-m',
      'overlay',
    );
  }
  return { dir, repo, files };
}

function runNpmInstall(repo) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const npm = values('--npm')[0];
    const [command, npmArgs] = npm ? ['npx', ['--yes', `npm@${npm}`, 'install']] : ['npm', ['install']];
    const child = spawn(command, npmArgs, {
      cwd: repo,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`npm install failed (${code}):\n${output}`));
      else resolve({ ms: Date.now() - started, output });
    });
  });
}

/** Runs `npm start` until GET / answers with the app's page; prints the start's lines with their times. */
async function timeStart(repo, label) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const started = Date.now();
  // Its own process group, so the whole tree (npm, sh, build, server) stops together.
  const child = spawn('npm', ['start'], {
    cwd: repo,
    env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let pending = '';
  const onData = (chunk) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines)
      if (line.trim() && !line.startsWith('>'))
        say(`  ${label} +${seconds(Date.now() - started).padStart(5)} s  ${line}`);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  let answeredMs = null;
  try {
    while (Date.now() - started < timeoutSeconds * 1000) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      try {
        // Accept: text/html as a browser sends it (before issue 17, GET / without it answered 404).
        const res = await fetch(url, { headers: { accept: 'text/html' } });
        const body = await res.text();
        if (res.status === 200 && body.includes('id="root"')) {
          answeredMs = Date.now() - started;
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (answeredMs === null) throw new Error(`GET / did not answer within ${timeoutSeconds} s:\n${output}`);
    return answeredMs;
  } finally {
    if (child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

const node = process.version;
const { dir, repo, files } = makeClone();
say(`measure: fresh clone of ${git(root, 'rev-parse', '--short', 'HEAD').trim()} in ${repo}`);
if (files.length > 0) say(`measure: with ${files.length} file(s) from the working tree: ${files.join(', ')}`);
say(`measure: node ${node}, load average ${load()}`);
try {
  say(`measure: npm install${values('--npm')[0] ? ` with npm ${values('--npm')[0]}` : ''}…`);
  const install = await runNpmInstall(repo);
  const badEngineLines = install.output.split('\n').filter((l) => l.includes('EBADENGINE'));
  const badEngines = badEngineLines.filter((l) => l.includes('Unsupported engine')).length;
  for (const line of badEngineLines.filter((l) => /package:/.test(l))) say(`  ${line.trim()}`);
  const status = git(repo, 'status', '--porcelain').trim();
  say(`measure: npm install took ${seconds(install.ms)} s; git status: ${status ? `\n${status}` : 'clean'}`);
  const loadBefore = load();
  say('measure: first npm start…');
  const first = await timeStart(repo, 'first ');
  say('measure: second npm start…');
  const second = await timeStart(repo, 'second');
  const result = {
    node,
    npm: values('--npm')[0] ?? execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim(),
    install_s: Number(seconds(install.ms)),
    ebadengine_warnings: badEngines,
    ebadengine_lines: badEngineLines.length,
    git_status_clean: status === '',
    first_start_s: Number(seconds(first)),
    second_start_s: Number(seconds(second)),
    load_average_before_starts: Number(loadBefore),
    load_average_after: Number(load()),
  };
  say('');
  say(`install            ${result.install_s} s (node ${result.node}, npm ${result.npm})`);
  say(`EBADENGINE         ${result.ebadengine_warnings} warning(s) (${result.ebadengine_lines} lines)`);
  say(`git status clean   ${result.git_status_clean ? 'yes' : 'no'}`);
  say(`first start        ${result.first_start_s} s (until GET / answers)`);
  say(`second start       ${result.second_start_s} s`);
  say(
    `load average       ${result.load_average_before_starts} before the starts, ${result.load_average_after} after`,
  );
  if (flag('--json')) say(JSON.stringify(result));
} finally {
  if (flag('--keep')) say(`measure: kept ${repo}`);
  else rmSync(dir, { recursive: true, force: true });
}
