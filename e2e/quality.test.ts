import path from 'node:path';
import type { TrainingQuality } from '@greenhouse/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { signedInContextUser } from './support/accounts.js';
import { stageStatuses, uploadExample } from './support/agents.js';
import { fillText, hasBrowser, horizontalOverflow, screenshotsDir, useBrowser } from './support/browser.js';

type Texts = typeof en;

/** The agent's finetuning metrics as the API gives them. */
async function finetuningMetrics(page: Page, id: string): Promise<Record<string, unknown>> {
  const response = await page.context().request.get(`/api/blooms/${id}`);
  expect(response.status()).toBe(200);
  const bloom = (await response.json()) as { stages: { name: string; metrics: Record<string, unknown> }[] };
  return bloom.stages.find((stage) => stage.name === 'training_finetuning')!.metrics;
}

/** What the section must say of this check, in these texts (numbers here are small: no grouping). */
async function expectQualityText(section: Locator, quality: TrainingQuality | null, t: Texts) {
  await section.getByRole('heading', { level: 2, name: t.quality.heading }).waitFor();
  const text = (await section.textContent())!;
  if (quality === null) {
    expect(text).toContain(t.quality.tooFew);
    return;
  }
  const share = quality.right / quality.measured;
  const rating = share >= 0.8 ? 'good' : share >= 0.5 ? 'fair' : 'weak';
  expect(await section.locator('.quality__badge').textContent()).toBe(t.quality.rating[rating]);
  expect(text).toContain(fillText(t.quality.counts, { right: quality.right, measured: quality.measured }));
  expect(text).toContain(
    fillText(t.quality.understands, { n: Math.round((10 * quality.right) / quality.measured) }),
  );
  expect(text).toContain(quality.method === 'k-fold' ? t.quality.method.kFold : t.quality.method.heldOut);
  // The misses, by name: never a refusal's <UNK> line.
  expect(text).not.toContain('<UNK>');
  // On-topic refusals in a list of their own; the other misses in theirs.
  const refused = quality.refusedOnTopic ?? [];
  if (refused.length > 0) {
    const list = section.getByRole('list', { name: t.quality.refusedHeading });
    expect(await list.getByRole('listitem').count()).toBe(refused.length);
  }
  const others = quality.misses.filter((m) => !(m.gotRefusal && refused.length > 0));
  if (others.length > 0) {
    const list = section.getByRole('list', { name: t.quality.missesHeading });
    expect(await list.getByRole('listitem').count()).toBe(others.length);
  }
  const missed = quality.reactions.filter((r) => r.measured > 0 && r.right < r.measured);
  // A hint for the on-topic refusals, and one for the weakest reaction.
  expect(await section.locator('.quality__hint').count()).toBe(
    (refused.length > 0 ? 1 : 0) + (missed.length > 0 ? 1 : 0),
  );
}

describe.skipIf(!hasBrowser)('how well a trained agent understands new phrasings', () => {
  const newPage = useBrowser({
    allowConsole: [
      // The billing portal arrives with payments.
      /404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/,
    ],
  });

  it('shows the quality check on the agent page once training is done, in English and Polish', async () => {
    const page = await newPage();
    await signedInContextUser(page.context());
    await uploadExample(page, 'lighthouse_2_0_1.json', 'Quality check');
    await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
    const agentPath = new URL(page.url()).pathname;
    const id = agentPath.split('/').at(-1)!;
    // Finetuning trains the reaction model and its cross-validation too.
    await expect
      .poll(async () => stageStatuses(page), { timeout: 240_000, interval: 500 })
      .toEqual(Array.from({ length: 7 }, () => 'completed'));

    const metrics = await finetuningMetrics(page, id);
    expect(metrics, 'the finetuning stage reports its quality check').toHaveProperty('quality');
    const quality = metrics.quality as TrainingQuality | null;

    const section = page.getByRole('region', { name: en.quality.heading });
    await expectQualityText(section, quality, en);
    // The finetuning card names the share honestly.
    await page.getByRole('term').filter({ hasText: en.stageMetrics.reactionAccuracy }).first().waitFor();
    // Tall enough for the whole card: the app's main area scrolls, which clips an element's screenshot.
    await page.setViewportSize({ width: 1280, height: 2400 });
    await section.screenshot({ path: path.join(screenshotsDir, 'agent-quality-1280-en.png') });

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await horizontalOverflow(page), 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
    const box = (await section.boundingBox())!;
    expect(box.x + box.width, 'the section fits at 375 px').toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 375, height: 3200 });
    await section.screenshot({ path: path.join(screenshotsDir, 'agent-quality-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // In Polish: the account's language, chosen in Settings.
    await page.goto('/settings');
    await page.getByRole('heading', { name: en.settings.heading }).waitFor();
    await page.getByLabel(en.language.pl).check();
    await page.getByRole('button', { name: en.settings.save }).click();
    await page.getByRole('heading', { name: pl.settings.heading }).waitFor();
    await page.goto(agentPath);
    const polish = page.getByRole('region', { name: pl.quality.heading });
    await expectQualityText(polish, quality, pl);
    await page.getByRole('term').filter({ hasText: pl.stageMetrics.reactionAccuracy }).first().waitFor();
    await page.setViewportSize({ width: 1280, height: 2400 });
    await polish.screenshot({ path: path.join(screenshotsDir, 'agent-quality-1280-pl.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await horizontalOverflow(page), 'no horizontal scrolling at 375 px in Polish').toBeLessThanOrEqual(
      0,
    );
  }, 360_000);
});
