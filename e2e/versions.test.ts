// Iterating on an agent in the browser (issue 33): a trained agent gets a scenario test that gates its download,
// a second version trained from an edited protocol file that fails it, the page saying why that version is not
// current, and the two versions compared — in English at 1280 px, then in Polish at 375 px.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { signedInContextUser } from './support/accounts.js';
import { exampleFile, stageStatuses, uploadExample } from './support/agents.js';
import { fillText, hasBrowser, horizontalOverflow, screenshotsDir, useBrowser } from './support/browser.js';
import { setLanguage } from './support/chats.js';

/** The lighthouse protocol with its first fog sample moved from Horn_ to Lamp_, as a file to upload. */
function editedProtocolFile(): string {
  const protocol = JSON.parse(readFileSync(exampleFile('lighthouse_2_0_1.json'), 'utf8')) as {
    instruction: { sets: { name: string; samples: { result: string }[] }[] };
  };
  protocol.instruction.sets.find((s) => s.name === 'fog_on_the_bay')!.samples[0]!.result = 'Lamp_';
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gh-version-')), 'lighthouse_v2.json');
  writeFileSync(file, JSON.stringify(protocol));
  return file;
}

/** The agent's versions as the API gives them. */
async function versions(page: Page, id: string) {
  const res = await page.context().request.get(`/api/blooms/${id}`);
  return ((await res.json()) as { versions: { number: number; status: string }[] }).versions;
}

describe.skipIf(!hasBrowser)('versions, scenario tests and compare in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [/404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/],
  });

  it('edit → retrain → scenarios → gated download → compare (en 1280, pl 375)', async () => {
    const page = await newPage({ width: 1280, height: 1600 });
    await signedInContextUser(page.context());
    await uploadExample(page, 'lighthouse_2_0_1.json', 'Keeper');
    await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
    const agentPath = new URL(page.url()).pathname;
    const id = agentPath.split('/').at(-1)!;
    await expect
      .poll(() => stageStatuses(page), { timeout: 240_000, interval: 500 })
      .toEqual(Array.from({ length: 7 }, () => 'completed'));

    // A scenario: the fog sample's lines must get the horn; downloads wait on it.
    const scenarios = page.getByRole('region', { name: en.scenarios.heading });
    await scenarios.getByRole('button', { name: en.scenarios.add }).click();
    const first = scenarios.getByRole('group', { name: fillText(en.scenarios.case, { n: 1 }) });
    await first.getByLabel(en.scenarios.instruction).selectOption('fog_on_the_bay');
    await first.getByLabel(fillText(en.scenarios.line, { n: 1 })).fill('The fog is thick as wool tonight.');
    await first
      .getByLabel(fillText(en.scenarios.line, { n: 2 }))
      .fill('We cannot see our own bow, where are the rocks?');
    await first.getByLabel(en.scenarios.expect).selectOption('Horn_');
    await scenarios.getByLabel(en.scenarios.gateDownload).check();
    await scenarios.getByRole('button', { name: en.scenarios.save }).click();
    await scenarios.getByText(en.scenarios.saved).waitFor();
    await scenarios.getByText(fillText(en.scenarios.results.summary, { passed: 1, total: 1 })).waitFor();

    // Version 2 from an edited protocol file, trained on the page.
    const card = page.getByRole('region', { name: en.versions.heading, exact: true });
    await card.getByLabel(fillText(en.versions.newLabel, { n: 2 })).setInputFiles(editedProtocolFile());
    await card.getByRole('button', { name: fillText(en.versions.train, { n: 2 }) }).click();
    await expect
      .poll(async () => (await versions(page, id)).map((v) => v.status), { timeout: 240_000, interval: 500 })
      .toEqual(['completed', 'completed']);
    await page.reload();
    // It fails the scenario: version 1 stays current, and the page says why.
    await card.getByText(fillText(en.versions.heldBack, { numbers: 2, current: 1 })).waitFor();
    await card
      .getByRole('heading', { name: `${fillText(en.versions.name, { n: 1 })} ${en.versions.current}` })
      .waitFor();

    // Compare the two.
    await page.getByRole('button', { name: en.versions.compare, exact: true }).click();
    const compare = page.getByRole('region', { name: en.compare.heading });
    await compare.getByRole('heading', { name: en.compare.changesHeading }).waitFor();
    // One input on both: version 1 still sounds the horn, version 2 learned the lamp for it.
    await compare
      .getByRole('combobox', { name: en.playground.instruction, exact: true })
      .selectOption('fog_on_the_bay');
    await compare
      .getByLabel(fillText(en.playground.line, { n: 1 }))
      .fill('The fog is thick as wool tonight.');
    await compare
      .getByLabel(fillText(en.playground.line, { n: 2 }))
      .fill('We cannot see our own bow, where are the rocks?');
    await compare.getByRole('button', { name: en.compare.playground.run }).click();
    const answerOf = (n: number) =>
      compare
        .getByRole('term')
        .filter({ hasText: fillText(en.compare.playground.answerOf, { n }) })
        .locator('+ dd');
    await answerOf(2).waitFor();
    expect(await answerOf(1).textContent()).toMatch(/— Horn$/);
    expect(await answerOf(2).textContent()).toMatch(/— Lamp$/);
    expect(await horizontalOverflow(page), 'no horizontal scrolling at 1280 px').toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 4000 });
    await card.screenshot({ path: path.join(screenshotsDir, 'versions-1280-en.png') });
    await compare.screenshot({ path: path.join(screenshotsDir, 'compare-1280-en.png') });

    // In Polish, at a phone's width.
    await setLanguage(page.context(), 'pl');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(agentPath);
    const polish = page.getByRole('region', { name: pl.versions.heading, exact: true });
    await polish.getByText(fillText(pl.versions.heldBack, { numbers: 2, current: 1 })).waitFor();
    await page.getByRole('region', { name: pl.scenarios.heading }).waitFor();
    await page.getByRole('button', { name: pl.versions.compare, exact: true }).click();
    const comparePl = page.getByRole('region', { name: pl.compare.heading });
    await comparePl.getByRole('heading', { name: pl.compare.changesHeading }).waitFor();
    expect(await horizontalOverflow(page), 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 375, height: 5000 });
    await polish.screenshot({ path: path.join(screenshotsDir, 'versions-375-pl.png') });
    await comparePl.screenshot({ path: path.join(screenshotsDir, 'compare-375-pl.png') });
  }, 600_000);

  it('Edit and retrain: the newest version in a chat’s draft editor, trained as the next one (en 1280, pl 375)', async () => {
    const page = await newPage({ width: 1280, height: 1200 });
    await signedInContextUser(page.context());
    // An agent from the shopkeeper demo (free), trained.
    await page.goto('/chat/new');
    await page.getByRole('button', { name: /Village shopkeeper/ }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: en.generate.button }).click();
    await page.getByRole('link', { name: en.generate.openAgent }).first().click();
    await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
    const agentPath = new URL(page.url()).pathname;
    const id = agentPath.split('/').at(-1)!;
    await expect
      .poll(() => stageStatuses(page), { timeout: 240_000, interval: 500 })
      .toEqual(Array.from({ length: 7 }, () => 'completed'));

    // "Edit and retrain" opens a chat with the agent's protocol as its draft.
    const card = page.getByRole('region', { name: en.versions.heading, exact: true });
    await card.getByRole('button', { name: fillText(en.versions.edit, { n: 2 }) }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const chatPath = new URL(page.url()).pathname;
    await page.getByText('Edit Grimsby for version 2.').waitFor();
    // An example becomes a scenario test of the agent, run at once on version 1.
    await page
      .getByRole('button', { name: fillText(en.draft.toScenarioLabel, { n: 1, instruction: 'talk' }) })
      .click();
    await expect
      .poll(async () => {
        const res = await page.context().request.get(`/api/blooms/${id}/scenarios`);
        const body = (await res.json()) as { scenarios: unknown[]; results: { version: number }[] };
        return [body.scenarios.length, body.results.map((r) => r.version)];
      })
      .toEqual([1, [1]]);
    // One answer changed in the draft editor.
    await page.getByRole('button', { name: en.draft.edit, exact: true }).click();
    const output = page.getByLabel(en.draft.sampleOutput).first();
    await output.fill('Version two: fine steel, nineteen gold.');
    await page.getByRole('button', { name: en.draft.save }).click();
    await page.getByText(en.draft.saved).waitFor();
    await page.screenshot({ path: path.join(screenshotsDir, 'edit-retrain-chat-1280-en.png') });
    await page.getByRole('button', { name: en.generate.buttonVersion }).click();
    await page.getByRole('heading', { name: en.generate.createdVersionTitle }).first().waitFor();
    await expect
      .poll(async () => (await versions(page, id)).map((v) => v.status), { timeout: 240_000, interval: 500 })
      .toEqual(['completed', 'completed']);
    const v2 = await page.context().request.get(`/api/blooms/${id}/versions/2/download`);
    expect(await v2.text()).toContain('Version two: fine steel, nineteen gold.');

    // The closed chat, in Polish: it offers to edit the version after; at a phone's width too.
    await setLanguage(page.context(), 'pl');
    await page.goto(chatPath);
    await page.getByRole('button', { name: pl.generate.editAgain }).first().waitFor();
    // At a phone's width the conversation shows first (the draft and its buttons are one tab away).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByText(pl.chat.closed.text).waitFor();
    expect(await horizontalOverflow(page), 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshotsDir, 'edit-retrain-chat-375-pl.png') });
    await page.goto(agentPath);
    const polish = page.getByRole('region', { name: pl.versions.heading, exact: true });
    await polish.getByRole('button', { name: fillText(pl.versions.edit, { n: 3 }) }).waitFor();
    await polish.screenshot({ path: path.join(screenshotsDir, 'versions-edit-375-pl.png') });
  }, 600_000);
});
