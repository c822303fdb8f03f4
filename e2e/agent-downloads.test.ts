// Issue 17: the agent page's download cards show the platforms agents are built for, and while an agent
// trains they say the download comes when training completes — not "not available for this platform".
// Issue 23: once trained, the Unreal card saves the Flora native model folder as a .zip made in the browser.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { newEmail, signedInContextUser } from './support/accounts.js';
import { exampleFile, stageStatuses } from './support/agents.js';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';

type Texts = typeof en;

/** Uploads a protocol fixture through the new-agent form in the UI's language; waits for its page. */
async function upload(page: Page, t: Texts) {
  await page.goto('/agent/new');
  await page.getByRole('heading', { name: t.newAgent.formHeading }).waitFor();
  await page.locator('input[type="file"]').setInputFiles(exampleFile('lighthouse_2_0_1.json'));
  await page.getByRole('button', { name: t.newAgent.submit }).click();
  await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
  await page.locator('li.stage-card').first().waitFor();
}

/** The download tiles, as the text each shows (the wordmark is decoration, so it is left out). */
const downloadTiles = (page: Page) =>
  page.locator('.download-tile').evaluateAll((tiles) =>
    tiles.map((tile) =>
      Array.from(tile.querySelectorAll('.download-tile__name, .download-tile__note'))
        .map((part) => part.textContent)
        .join(' | '),
    ),
  );

describe.skipIf(!hasBrowser)('an agent’s download cards in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [/404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/],
  });

  it.each([
    ['en', en],
    ['pl', pl],
  ] as const)(
    'the Flora and Unreal cards: available when training completes, then downloads (%s)',
    async (language, t) => {
      const page = await newPage({ width: 375, height: 800 });
      await signedInContextUser(page.context(), newEmail(`downloads-${language}`), language);
      await upload(page, t);
      const statuses = await stageStatuses(page);
      expect(statuses.at(-1), 'the agent is still training').not.toBe('completed');

      expect(await downloadTiles(page)).toEqual([
        `${t.agent.cpuModel} | ${t.agent.availableWhenTrained}`,
        `${t.agent.unrealPlugin} | ${t.agent.availableWhenTrained}`,
      ]);
      const tile = page.getByRole('button', { name: new RegExp(t.agent.cpuModel) });
      expect(await tile.isDisabled()).toBe(true);
      for (const gone of [t.download.notAvailable, /\bNPU\b/, /\bintel\b/i]) {
        expect(await page.getByText(gone).count(), `"${gone}" is not shown`).toBe(0);
      }
      await tile.scrollIntoViewIfNeeded();
      await screenshot(page, `agent-download-training-375-${language}`);

      if (language === 'pl') return;
      // Trained: the same cards, now downloads.
      await expect
        .poll(async () => stageStatuses(page), { timeout: 120_000, interval: 500 })
        .toEqual(Array.from({ length: 7 }, () => 'completed'));
      await expect.poll(() => tile.isDisabled(), { timeout: 10_000 }).toBe(false);
      expect(await downloadTiles(page)).toEqual([t.agent.cpuModel, t.agent.unrealPlugin]);
      expect(await page.getByText(t.agent.availableWhenTrained).count()).toBe(0);
      await tile.scrollIntoViewIfNeeded();
      await screenshot(page, `agent-download-trained-375-${language}`);

      const saving = page.waitForEvent('download');
      await page.getByRole('button', { name: new RegExp(t.agent.unrealPlugin) }).click();
      const download = await saving;
      expect(download.suggestedFilename()).toMatch(/^[A-Za-z0-9_]+\.zip$/);
      if (spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status !== 0) {
        console.warn('agent downloads: unzip is not installed here — the Unreal .zip is not opened');
        return;
      }
      const dir = mkdtempSync(path.join(tmpdir(), 'gh-unreal-'));
      try {
        await download.saveAs(path.join(dir, 'agent.zip'));
        const unzip = spawnSync('unzip', ['-q', 'agent.zip'], { cwd: dir, encoding: 'utf8' });
        expect(unzip.status, unzip.stderr).toBe(0);
        const name = download.suggestedFilename().replace(/\.zip$/, '');
        expect(readdirSync(path.join(dir, name)).sort()).toEqual(
          [`${name}_template.json`, 'tokenizer.bin', 'weights.bin'].sort(),
        );
        const template = JSON.parse(readFileSync(path.join(dir, name, `${name}_template.json`), 'utf8'));
        expect(Object.keys(template.instructions ?? {}).length).toBeGreaterThan(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
