// What each main route of the built web app makes the browser download (issue 22): starts the built server on a
// fresh embedded database (an admin made with the admin CLI), loads each route in a fresh headless Chromium
// context (empty cache) until it shows its screen and the network is idle, and prints per route the JavaScript
// and CSS it fetched — the files, their gzip and brotli sizes (the .gz/.br files the build wrote beside them,
// which the server sends), and what Chromium received — with the first and largest contentful paints from the
// Performance API.
// The sign-in page is compared with the goal (≤ 150 KB of gzip'd JavaScript) and with the figure before the
// routes were split. The public share page (/try/{token}, issue 34) is measured on a real link to an agent the
// script trains first (the tiny preset, a minute or two): the JavaScript it fetches before the agent file is held to
// the same 150 KB, in English and in Polish (a visitor who chose Polish before: `language` = pl stored, so the
// page starts in it and loads Polish's share-page texts, never the signed-in screens'); Flora's worker, which
// starts once the file is in, is printed beside it.
//
//   npm run bench:bundle                 builds what is stale first (scripts/build.mjs), then measures
//   npm run bench:bundle -- --no-build   measures the build as it is
//   options: --json (one JSON line at the end), CHROMIUM_PATH (default /usr/bin/chromium)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort } from './lib/free-port.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = path.join(root, 'apps/web/dist');
const say = (line) => process.stdout.write(`${line}\n`);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The goal of issue 22 for the sign-in page: gzip'd JavaScript fetched until the network is idle. */
const SIGN_IN_GOAL_BYTES = 150_000;
/**
 * The sign-in page before the routes were split (commit f3dc49d, measured with this script's method): index.html
 * loaded every screen in four JavaScript files; their sizes compressed as scripts/build.mjs compresses (gzip level
 * 9, brotli quality 11).
 */
const SIGN_IN_BEFORE = { gzip: 298_492, brotli: 256_820, files: 4 };

/** How long the network must stay quiet for a page to count as loaded (Playwright's networkidle: 500 ms). */
const QUIET_MS = 1000;

/** Issue 34's budget for the share page: gzip'd JavaScript fetched before the agent file. */
const SHARE_GOAL_BYTES = 150_000;
/** How long the share page's agent may take to train (the tiny preset; a busy 2-core machine). */
const TRAIN_TIMEOUT_MS = 10 * 60_000;

/** The share page is measured in each language: English, and Polish chosen on an earlier visit. */
const sharePageLanguages = [
  ['/try/{token}', undefined],
  ['/try/{token} (pl)', 'pl'],
];

const admin = { email: 'bench@greenhouse.test', password: 'Bench#Greenhouse1' };
const guestRoutes = ['/auth/sign-in', '/auth/sign-up', '/auth/forgot-password'];
const signedInRoutes = ['/chat/new', '/agent/new', '/profile/account', '/settings', '/flora', '/admin'];

/** Size of a file of the build, 0 when it does not exist. */
const sizeOf = (file) => (existsSync(file) ? statSync(file).size : 0);

/** The built file a same-origin URL names, with its sizes as sent plain, as gzip and as brotli. */
function builtFile(url) {
  const file = path.join(webDist, decodeURIComponent(new URL(url).pathname));
  const raw = sizeOf(file);
  // A file the build did not compress (it would not shrink) is sent as it is.
  return { raw, gzip: sizeOf(`${file}.gz`) || raw, brotli: sizeOf(`${file}.br`) || raw };
}

async function startServer(dataDir) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    LOG_LEVEL: 'warn',
    // The share page's agent (issue 34): trained in a minute or two, its file as small as an agent's gets.
    TRAINING_PRESET: 'tiny',
    DEVICE_FIT: 'false',
  };
  // Before the server starts: the embedded database has one owner at a time.
  execFileSync(
    process.execPath,
    [
      path.join(root, 'apps/server/dist/cli/admin.js'),
      'create',
      '--email',
      admin.email,
      '--first-name',
      'Bench',
      '--last-name',
      'Admin',
      '--password-stdin',
    ],
    { env, input: `${admin.password}\n`, stdio: ['pipe', 'ignore', 'inherit'] },
  );
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} before it started`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { baseURL, stop };
}

/** Signs the admin in through the API in `context` (session and XSRF cookies land in it). */
async function signIn(context) {
  await context.request.get('/api/health');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const response = await context.request.post('/api/auth/signin', {
    data: admin,
    headers: { 'X-XSRF-TOKEN': xsrf ?? '' },
  });
  if (response.status() !== 200) throw new Error(`sign-in answered ${response.status()}`);
}

/** First and largest contentful paint of the page, in ms from navigation start (null when none was recorded). */
const paints = () =>
  new Promise((resolve) => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    let lcp = null;
    new PerformanceObserver((list) => {
      lcp = list.getEntries().at(-1)?.startTime ?? lcp;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // Buffered entries are delivered in a task of their own.
    setTimeout(() => resolve({ fcp, lcp }), 50);
  });

/** Whether a page of the app has shown its screen: a layout, and no page-wide or screen loader. */
const appScreenShown = () =>
  globalThis.document.querySelector('.auth-shell, .app-shell') !== null &&
  globalThis.document.querySelector('.loader-page, .app-shell__loading') === null;

/** Whether the share page is at work: its agent's playground started (the agent file in, Flora's worker up). */
const sharePageShown = () => globalThis.document.querySelector('.shared-shell .playground__form') !== null;

/** The share page's agent file (GET /api/shared/{token}/agent): what the share page's budget stops at. */
const isAgentFile = (url) => /\/api\/shared\/[^/]+\/agent$/.test(new URL(url).pathname);

/**
 * Uploads the lighthouse keeper as the admin, waits for its training (the server's tiny preset) and makes a share
 * link to it; answers the link's path (/try/{token}).
 */
async function sharedAgentPath(browser, baseURL) {
  const context = await browser.newContext({ baseURL });
  try {
    await signIn(context);
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const fixture = path.join(root, 'packages/mtp/fixtures/lighthouse_2_0_1.json');
    const upload = await context.request.post('/api/bloom/upload', {
      headers: { 'X-XSRF-TOKEN': xsrf },
      multipart: {
        file: { name: 'lighthouse.json', mimeType: 'application/json', buffer: readFileSync(fixture) },
      },
    });
    if (upload.status() !== 201) throw new Error(`the upload answered ${upload.status()}`);
    const { id } = await upload.json();
    const deadline = Date.now() + TRAIN_TIMEOUT_MS;
    for (;;) {
      const agent = await (await context.request.get(`/api/blooms/${id}`)).json();
      if (agent.downloadURL) break;
      const failed = agent.stages.find((stage) => stage.status === 'failed');
      if (failed) throw new Error(`the share page's agent failed to train: ${JSON.stringify(failed.error)}`);
      if (Date.now() > deadline) throw new Error('the share page’s agent did not train in time');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const share = await context.request.post(`/api/blooms/${id}/shares`, {
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    if (share.status() !== 201) throw new Error(`making the share link answered ${share.status()}`);
    return new URL((await share.json()).url).pathname;
  } finally {
    await context.close();
  }
}

async function measure(
  browser,
  baseURL,
  route,
  signedIn,
  { shown = appScreenShown, label = route, language } = {},
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    if (signedIn) await signIn(context);
    // The language a visitor chose on an earlier visit (the app's `language` key, docs/product-rules.md §9):
    // the page starts in it.
    if (language)
      await context.addInitScript((chosen) => globalThis.localStorage.setItem('language', chosen), language);
    const page = await context.newPage();
    const fetched = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    // Which requests the page made before it asked for an agent file (the share page's budget stops there).
    let agentFileAsked = false;
    const beforeAgentFile = new Set();
    page.on('request', (request) => {
      inFlight += 1;
      lastActivity = Date.now();
      if (isAgentFile(request.url())) agentFileAsked = true;
      if (!agentFileAsked) beforeAgentFile.add(request);
    });
    const settled = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('response', (response) => {
      const url = response.url();
      if (/\.(js|css)$/.test(new URL(url).pathname)) fetched.push({ url, response });
    });
    await page.goto(route, { waitUntil: 'load' });
    // Playwright's `networkidle` can come while the scripts are still being evaluated, before the app asks for
    // anything (a slow CPU): wait for the page itself — a layout shown, no page-wide or screen loader — and
    // then for the network to stay quiet for a second.
    await page.waitForFunction(shown, null, { timeout: 60_000 });
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const landed = new URL(page.url()).pathname;
    if (landed !== route) throw new Error(`${route} went to ${landed}`);
    if (language) {
      const shownIn = await page.evaluate(() => globalThis.document.documentElement.lang);
      if (shownIn !== language) throw new Error(`${label} was shown in ${shownIn}, not ${language}`);
    }
    const files = [];
    for (const { url, response } of fetched) {
      const sizes = await response.request().sizes();
      const kind = url.endsWith('.css') ? 'css' : 'js';
      files.push({
        url,
        kind,
        received: sizes.responseBodySize,
        beforeAgentFile: beforeAgentFile.has(response.request()),
        ...builtFile(url),
      });
    }
    const sum = (kind, field, list = files) =>
      list.filter((f) => f.kind === kind).reduce((total, f) => total + f[field], 0);
    const result = { route: label, ...(await page.evaluate(paints)) };
    const early = files.filter((f) => f.beforeAgentFile);
    result.jsBeforeAgentFile = {
      files: early.filter((f) => f.kind === 'js').length,
      gzip: sum('js', 'gzip', early),
      brotli: sum('js', 'brotli', early),
    };
    for (const kind of ['js', 'css']) {
      result[kind] = {
        files: files.filter((f) => f.kind === kind).length,
        raw: sum(kind, 'raw'),
        gzip: sum(kind, 'gzip'),
        brotli: sum(kind, 'brotli'),
        received: sum(kind, 'received'),
      };
    }
    result.jsFiles = files.filter((f) => f.kind === 'js').map((f) => new URL(f.url).pathname);
    return result;
  } finally {
    await context.close();
  }
}

if (!args.includes('--no-build'))
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (!existsSync(path.join(webDist, 'index.html')))
  throw new Error('No built web app: run `npm run build` first.');
if (!existsSync(chromiumPath)) throw new Error(`No chromium at ${chromiumPath} (set CHROMIUM_PATH).`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-bench-bundle-'));
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
const results = [];
try {
  for (const route of guestRoutes) results.push(await measure(browser, server.baseURL, route, false));
  for (const route of signedInRoutes) results.push(await measure(browser, server.baseURL, route, true));
  say('Training an agent for the share page (tiny preset)…');
  const sharePath = await sharedAgentPath(browser, server.baseURL);
  for (const [label, language] of sharePageLanguages)
    results.push(
      await measure(browser, server.baseURL, sharePath, false, { shown: sharePageShown, label, language }),
    );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (value) => (value === null ? '–' : `${Math.round(value)} ms`);
say('JavaScript and CSS fetched until the network is idle (fresh cache, 1280×800):');
say(
  `${'route'.padEnd(18)}${'JS gzip'.padStart(10)}${'JS br'.padStart(10)}${'JS recv'.padStart(10)}${'files'.padStart(6)}` +
    `${'CSS gzip'.padStart(10)}${'CSS br'.padStart(9)}${'files'.padStart(6)}${'FCP'.padStart(9)}${'LCP'.padStart(9)}`,
);
for (const r of results) {
  say(
    `${r.route.padEnd(18)}${kb(r.js.gzip).padStart(10)}${kb(r.js.brotli).padStart(10)}${kb(r.js.received).padStart(10)}` +
      `${String(r.js.files).padStart(6)}${kb(r.css.gzip).padStart(10)}${kb(r.css.brotli).padStart(9)}` +
      `${String(r.css.files).padStart(6)}${ms(r.fcp).padStart(9)}${ms(r.lcp).padStart(9)}`,
  );
}
const signInPage = results.find((r) => r.route === '/auth/sign-in');
say('');
say(`sign-in page JavaScript: ${signInPage.jsFiles.join(', ')}`);
say(
  `sign-in page JavaScript, gzip: before ${kb(SIGN_IN_BEFORE.gzip)} in ${SIGN_IN_BEFORE.files} files, now ` +
    `${kb(signInPage.js.gzip)} in ${signInPage.js.files} files; goal ≤ ${kb(SIGN_IN_GOAL_BYTES)}: ` +
    (signInPage.js.gzip <= SIGN_IN_GOAL_BYTES
      ? 'met'
      : `NOT met (${kb(signInPage.js.gzip - SIGN_IN_GOAL_BYTES)} over)`),
);
say(`sign-in page JavaScript, brotli: before ${kb(SIGN_IN_BEFORE.brotli)}, now ${kb(signInPage.js.brotli)}`);
for (const [label, language] of sharePageLanguages) {
  const sharePage = results.find((r) => r.route === label);
  const early = sharePage.jsBeforeAgentFile;
  const name = `share page${language ? ` (${language})` : ''}`;
  say('');
  say(`${name} JavaScript: ${sharePage.jsFiles.join(', ')}`);
  say(
    `${name} JavaScript before the agent file, gzip: ${kb(early.gzip)} in ${early.files} files (brotli ` +
      `${kb(early.brotli)}); budget ≤ ${kb(SHARE_GOAL_BYTES)}: ` +
      (early.gzip <= SHARE_GOAL_BYTES ? 'met' : `NOT met (${kb(early.gzip - SHARE_GOAL_BYTES)} over)`) +
      `; with Flora's worker, after the file: ${kb(sharePage.js.gzip)} in ${sharePage.js.files} files`,
  );
}
if (args.includes('--json')) say(JSON.stringify(results));
