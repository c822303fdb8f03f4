import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { signedInContextUser } from './support/accounts.js';
import { stageStatuses, uploadExample } from './support/agents.js';
import { hasBrowser, screenshot, screenshotsDir, useBrowser } from './support/browser.js';

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
}

describe.skipIf(!hasBrowser)('Flora in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [
      // The billing portal arrives with payments.
      /404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/,
    ],
  });

  it('trains lighthouse_2_0_1.json and runs it in the playground: an output, a reaction, a guardrail', async () => {
    const page = await newPage();
    await signedInContextUser(page.context());
    await uploadExample(page, 'lighthouse_2_0_1.json');
    await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
    await expect
      .poll(async () => stageStatuses(page), { timeout: 150_000, interval: 500 })
      .toEqual(Array.from({ length: 7 }, () => 'completed'));

    const playground = page.getByRole('region', { name: en.playground.heading });
    const instruction = playground.getByLabel(en.playground.instruction);
    await instruction.waitFor({ timeout: 30_000 });
    expect(await instruction.locator('option').allTextContents()).toEqual([
      'keeper_talks_with_sailor',
      'fog_on_the_bay',
      'ship_reports_position',
    ]);
    // Each line names its tokens, not its raw key (issue 32: "Heard_" under the input).
    expect(await playground.locator('.playground__line .field__hint').allTextContents()).toEqual([
      'Its tokens: Cape · Keeper · Radio',
      'Its tokens: Cape · Sailor · Radio',
    ]);
    await playground.getByLabel('Input line 1').fill('Gull Cape light, good evening to you.');
    await playground.getByLabel('Input line 2').fill('Evening, keeper. Is the harbour still open tonight?');
    await playground.getByLabel('Input line 2').press('Enter');

    const reaction = playground.locator('.playground__reaction');
    await reaction.waitFor({ timeout: 30_000 });
    const output = (await playground.locator('.playground__output').textContent())!.trim();
    expect(output.length).toBeGreaterThan(0);
    // Always a reaction, shown by its name (or as refused): never a raw <UNK> line.
    expect((await reaction.textContent())!.length).toBeGreaterThan(0);
    expect(await reaction.textContent()).not.toContain('<UNK>');
    expect(await playground.getByText(/tokens\/s$/).textContent()).toMatch(/^[\d,.]+ tokens\/s$/);
    // The answer is announced once it is complete.
    await page.getByText(`Answer: ${output}.`, { exact: false }).waitFor({ state: 'attached' });
    /** What the playground answered to each request, to compare with the Flora CLI's answers below. */
    const answered: { request: object; output: string; reaction: string | null }[] = [];
    answered.push({
      request: {
        instruction: 'keeper_talks_with_sailor',
        inputs: [
          { text: 'Gull Cape light, good evening to you.' },
          { text: 'Evening, keeper. Is the harbour still open tonight?' },
        ],
      },
      output,
      reaction: await reaction.getAttribute('data-reaction'),
    });

    // Tall enough for the whole card: the app's main area scrolls, which clips an element's screenshot.
    await page.setViewportSize({ width: 1280, height: 2000 });
    await playground.screenshot({ path: path.join(screenshotsDir, 'playground-1280.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A guardrail example runs in one click, on its line.
    await playground.getByRole('button', { name: /^Run with “who will win the football cup\?”/ }).click();
    await expect
      .poll(() => playground.getByLabel('Input line 2').inputValue())
      .toBe('who will win the football cup?');
    await playground.getByRole('button', { name: en.playground.run, exact: true }).waitFor();
    // The tiny test model may or may not write text here; the answer box then says so in words.
    const guardrailOutput = playground.locator('.playground__output');
    await guardrailOutput.waitFor();
    expect((await guardrailOutput.textContent())!.trim().length).toBeGreaterThan(0);
    // Refused or not, the reaction reads as words.
    await reaction.waitFor();
    expect(await reaction.textContent()).not.toContain('<UNK>');
    if ((await reaction.getAttribute('data-refused')) === 'true')
      expect(await reaction.textContent()).toBe(en.playground.refused);
    answered.push({
      request: {
        instruction: 'keeper_talks_with_sailor',
        inputs: [
          { text: await playground.getByLabel('Input line 1').inputValue() },
          { text: 'who will win the football cup?' },
        ],
      },
      output: (await guardrailOutput.textContent())!.trim(),
      reaction: await reaction.getAttribute('data-reaction'),
    });

    // A numeric instruction takes its numbers.
    await instruction.selectOption('ship_reports_position');
    await playground
      .getByRole('group', { name: 'Numbers of line 1' })
      .getByRole('spinbutton')
      .first()
      .fill('12');
    await playground.getByLabel('Input line 1').fill('This is the Marta, reporting our position.');
    await playground.getByLabel('Input line 2').fill('The wind is picking up from the west.');
    await playground.getByRole('button', { name: en.playground.run, exact: true }).click();
    await playground.getByRole('button', { name: en.playground.run, exact: true }).waitFor();
    await playground.locator('.playground__reaction').waitFor();
    const numbers = await playground
      .getByRole('group', { name: 'Numbers of line 1' })
      .getByRole('spinbutton')
      .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
    const windNumbers = await playground
      .getByRole('group', { name: 'Numbers of line 2' })
      .getByRole('spinbutton')
      .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
    answered.push({
      request: {
        instruction: 'ship_reports_position',
        inputs: [
          { text: 'This is the Marta, reporting our position.', numbers },
          { text: 'The wind is picking up from the west.', numbers: windNumbers },
        ],
      },
      output: (await playground.locator('.playground__output').textContent())!.trim(),
      reaction: await playground.locator('.playground__reaction').getAttribute('data-reaction'),
    });

    // The same agent, downloaded, answers the same in a terminal with the Flora CLI from /flora.
    const [agentDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: new RegExp(en.agent.cpuModel) }).click(),
    ]);
    const work = mkdtempSync(path.join(tmpdir(), 'gh-flora-cli-'));
    try {
      const agentFile = path.join(work, 'agent.json');
      await agentDownload.saveAs(agentFile);
      const listed = (await (await page.context().request.get('/api/flora/downloads')).json()) as {
        downloads: { kind: string; file: string; url: string }[];
      };
      const cli = listed.downloads.find((d) => d.kind === 'cli')!;
      writeFileSync(path.join(work, cli.file), await (await page.context().request.get(cli.url)).body());
      execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${cli.file}`], {
        cwd: work,
        stdio: 'ignore',
      });
      const answers = execFileSync(
        path.join(work, 'node_modules/.bin/flora'),
        ['run', agentFile, '--jsonl'],
        {
          cwd: work,
          input: answered.map((a) => `${JSON.stringify(a.request)}\n`).join(''),
          encoding: 'utf8',
        },
      )
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { output: string; reaction: string });
      expect(answers.map((a) => [a.output.trim(), a.reaction])).toEqual(
        answered.map((a) => [a.output, a.reaction]),
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }

    // The agent file was downloaded once (the playground's), not per run.
    const downloads = await page.evaluate(
      () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/download')).length,
    );
    expect(downloads).toBe(1);

    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page);
    const box = (await playground.boundingBox())!;
    expect(box.x + box.width, 'the playground fits at 375 px').toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 375, height: 3200 });
    await playground.screenshot({ path: path.join(screenshotsDir, 'playground-375.png') });
  });

  it.each(['en', 'pl'] as const)(
    'says on /flora which native library this server lacks and what builds it (%s)',
    async (language) => {
      const page = await newPage({ width: 375, height: 800 });
      await signedInContextUser(page.context(), undefined, language);
      // What a server built without mingw-w64 answers (the server's side has its integration test).
      await page.route('**/api/flora/downloads', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { downloads: { kind: string }[] };
        await route.fulfill({
          response,
          json: {
            downloads: body.downloads.filter((d) => d.kind !== 'native-windows-x64'),
            missing: [
              {
                kind: 'native-windows-x64',
                compiler: 'x86_64-w64-mingw32-gcc',
                debianPackage: 'gcc-mingw-w64-x86-64',
              },
            ],
          },
        });
      });
      const t = language === 'pl' ? pl : en;
      await page.goto('/flora');
      const card = page.getByRole('listitem', { name: t.flora.kinds['native-windows-x64'].name });
      await card.waitFor();
      expect(await card.getByRole('link').count()).toBe(0);
      expect(await card.getByRole('region').textContent()).toBe(
        'sudo apt-get install -y gcc-mingw-w64-x86-64\nnpm run build',
      );
      await page.getByText(t.flora.unrealNoDll.split('{{package}}')[0]!).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `flora-missing-dll-375-${language}`);
    },
  );

  it('lists the downloads on /flora, and serves them', async () => {
    const page = await newPage();
    await signedInContextUser(page.context());
    await page.goto('/flora');
    await page.getByRole('heading', { level: 1, name: en.flora.heading }).waitFor();
    const browser = page.getByRole('listitem', { name: en.flora.kinds.browser.name });
    const cli = page.getByRole('listitem', { name: en.flora.kinds.cli.name });
    await browser.waitFor();
    await cli.waitFor();

    const listed = await page.context().request.get('/api/flora/downloads');
    const { downloads } = (await listed.json()) as {
      downloads: { kind: string; file: string; version: string; bytes: number; url: string }[];
    };
    const kinds = downloads.map((d) => d.kind);
    expect(kinds.slice(0, 2)).toEqual(['browser', 'cli']);
    // Flora native: one library per target whose compiler the build found (CI has both), and the device-fit
    // measurer beside the Linux one; then Flora for Unity with those libraries.
    if (process.env.CI === 'true')
      expect(kinds.slice(2)).toEqual([
        'native-linux-x64',
        'native-windows-x64',
        'native-linux-x64-fit',
        'unity',
      ]);
    for (const native of downloads.filter((d) => d.kind.startsWith('native-'))) {
      const name = en.flora.kinds[native.kind as keyof typeof en.flora.kinds].name;
      await page.getByRole('listitem', { name }).getByText(native.file, { exact: true }).waitFor();
      const served = await page.context().request.get(native.url);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-disposition']).toBe(`attachment; filename="${native.file}"`);
      expect((await served.body()).length).toBe(native.bytes);
    }
    const unity = downloads.find((d) => d.kind === 'unity');
    if (unity) {
      await page
        .getByRole('listitem', { name: en.flora.kinds.unity.name })
        .getByText(unity.file, { exact: true })
        .waitFor();
      const served = await page.context().request.get(unity.url);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-disposition']).toBe(`attachment; filename="${unity.file}"`);
      // A Unity package as npm lays it out (package/…), with the binding and the Linux library in its Plugins.
      const tar = gunzipSync(await served.body()).toString('latin1');
      for (const file of [
        'package/package.json',
        'package/Runtime/FloraAgent.cs',
        'package/Plugins/Linux/x86_64/libflora.so',
      ])
        expect(tar).toContain(file);
    }
    const tgz = downloads.find((d) => d.kind === 'cli')!;
    const js = downloads.find((d) => d.kind === 'browser')!;
    expect(tgz.file).toMatch(/^flora-\d+\.\d+\.\d+\.tgz$/);
    await cli.getByText(tgz.file, { exact: true }).waitFor();
    await cli.getByText(tgz.version, { exact: true }).waitFor();

    // The .tgz downloads as a file: an npm package with the engine.
    const link = cli.getByRole('link', { name: `Download ${tgz.file}` });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(tgz.file);
    const response = await page.context().request.get(tgz.url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/gzip');
    const body = await response.body();
    expect(body.length).toBe(tgz.bytes);
    expect(gunzipSync(body).toString('latin1')).toContain('package/package.json');

    // The browser module imports in a page (same origin, under the app's CSP) and exports loadAgent.
    // (A string, so the test runner leaves its import() alone.)
    const exported = await page.evaluate(`import(${JSON.stringify(js.url)}).then((m) => typeof m.loadAgent)`);
    expect(exported).toBe('function');

    // The quick starts name the real files.
    expect(await page.getByRole('region', { name: en.flora.nodeCode }).textContent()).toContain(
      `npm install ./${tgz.file}`,
    );
    expect(await page.getByRole('region', { name: en.flora.webCode }).textContent()).toContain(
      `from './${js.file}'`,
    );
    await page.setViewportSize({ width: 1280, height: 2000 });
    await screenshot(page, 'flora-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page);
    await page.setViewportSize({ width: 375, height: 3000 });
    await screenshot(page, 'flora-375');
  });
});
