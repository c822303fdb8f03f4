import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { signedInContextUser } from './support/accounts.js';
import { stageStatuses, uploadExample } from './support/agents.js';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';

describe.skipIf(!hasBrowser)('agents in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [
      // The billing portal arrives with payments.
      /404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/,
      // The refused upload of the second test answers 400, as it must.
      /400 \(Bad Request\) @ .*\/api\/bloom\/upload/,
    ],
  });

  it.each(['en', 'pl'] as const)(
    'the upload page says what happens after the upload, with no cost card before there is an agent (%s)',
    async (language) => {
      const page = await newPage();
      await signedInContextUser(page.context(), undefined, language);
      const t = language === 'pl' ? pl : en;
      await page.goto('/agent/new');
      await page.getByRole('heading', { name: t.newAgent.formHeading }).waitFor();
      await page.getByRole('heading', { level: 2, name: t.newAgent.nextSteps.heading }).waitFor();
      expect(await page.getByText(t.agent.costLabel.split('{{amount}}')[0]!).count()).toBe(0);
      expect(await page.getByText(t.paymentStatus.not_initialized, { exact: true }).count()).toBe(0);
      await screenshot(page, `agent-new-${language}`);
    },
  );

  it('uploads lighthouse_2_0_1.json, follows its training live to Trained, downloads it, renames and deletes it', async () => {
    const page = await newPage();
    await signedInContextUser(page.context());
    await uploadExample(page, 'lighthouse_2_0_1.json');
    await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
    await page.locator('li.stage-card').first().waitFor();
    expect(await page.locator('li.stage-card').count()).toBe(7);
    expect(await page.locator('li.stage-card').first().textContent()).toContain(
      en.stages.names.data_preparation_stage_1,
    );

    // The page follows the pipeline by itself, no reload: progress and a live loss curve on the way.
    await expect
      .poll(async () => (await stageStatuses(page)).slice(0, 3), { timeout: 30_000, interval: 250 })
      .toEqual(['completed', 'completed', 'completed']);
    const chart = page.getByRole('img', { name: en.lossChart.title });
    await chart.waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => stageStatuses(page), { timeout: 120_000, interval: 500 })
      .toEqual(Array.from({ length: 7 }, () => 'completed'));
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'agent-trained-loss-chart');
    const metrics = page.getByRole('definition').filter({ hasText: /^\d/ });
    expect(await metrics.count()).toBeGreaterThan(3);
    // The sidebar's label follows (docs/product-rules.md §4).
    await page
      .locator('.side-status--trained')
      .getByText(en.bloomStatus.trained)
      .first()
      .waitFor({ state: 'attached' });

    // The agent file downloads, whole: the format, the agent's name, every part.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: new RegExp(en.agent.cpuModel) }).click(),
    ]);
    const saved = await download.path();
    const agent = JSON.parse(readFileSync(saved, 'utf8')) as {
      format: string;
      manifest: { name: string; files: { path: string }[] };
    };
    expect(agent.format).toBe('greenhouse-agent');
    expect(agent.manifest.files.map((f) => f.path).sort()).toEqual([
      'reactions.bin',
      'template.json',
      'tokenizer.json',
      'weights.bin',
    ]);
    await page
      .getByText(en.agent.costLabel.replace('{{amount}}', '$0.00'))
      .or(page.getByText('Total Cost: $0'))
      .first()
      .waitFor();
    await screenshot(page, 'agent-page-desktop');

    // A reload shows the same state.
    await page.reload();
    await expect
      .poll(async () => (await stageStatuses(page)).slice(0, 3))
      .toEqual(['completed', 'completed', 'completed']);

    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
    await screenshot(page, 'agent-page-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: en.agent.rename }).click();
    const dialog = page.getByRole('dialog', { name: en.dialogs.editAgent.title });
    await dialog.getByLabel(en.dialogs.editAgent.nameLabel).fill('Cheshire Cat');
    await dialog.getByRole('button', { name: en.common.save }).click();
    await page.getByRole('heading', { name: 'Cheshire Cat' }).waitFor();

    await page.getByRole('button', { name: en.agent.delete }).click();
    const confirm = page.getByRole('dialog', { name: en.dialogs.deleteAgent.title });
    await confirm.getByRole('button', { name: en.common.delete }).click();
    await page.waitForURL('**/agent/new');
  });

  it('refuses a template file with a translated problem, creating nothing', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await signedInContextUser(page.context());
    await uploadExample(page, 'lighthouse_template_2_1_0.json');
    await page.getByText(en.upload.errors.invalidProtocol).waitFor();
    await page
      .getByText(/template file, not a protocol file/)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/agent/new');
    await screenshot(page, 'upload-refused-375');
    const list = await page.context().request.get('/api/blooms');
    expect((await list.json()).total).toBe(0);
  });
});
