import { fixturePath } from '@greenhouse/mtp/testing/files';
import type { Page } from 'playwright-core';
import { en } from '../../apps/web/src/locales/en.js';

/** One of our protocol fixtures (packages/mtp/fixtures), e.g. lighthouse_2_0_1.json. */
export const exampleFile = (name: string) => fixturePath(name);

/** Uploads an example protocol (a fixture) through the new-agent form (optionally naming the agent). */
export async function uploadExample(page: Page, file: string, name?: string): Promise<void> {
  await page.goto('/agent/new');
  await page.getByRole('heading', { name: en.newAgent.formHeading }).waitFor();
  if (name) await page.getByLabel(en.newAgent.nameLabel).fill(name);
  await page.locator('input[type="file"]').setInputFiles(exampleFile(file));
  await page.getByRole('button', { name: en.newAgent.submit }).click();
}

/** The status of each stage card, in order, as the page shows it. */
export function stageStatuses(page: Page): Promise<(string | null)[]> {
  return page
    .locator('li.stage-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-status')));
}
