import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { en } from '../../apps/web/src/locales/en.js';

/** The text of the newest answer of the designer, as the page shows it. */
export async function lastAnswer(page: Page): Promise<string> {
  return (await page.locator('li.message--assistant').last().locator('.message__bubble').innerText()).trim();
}

/** Waits until no answer is being written: every message complete (or failed) and the box free again. */
export async function answerFinished(page: Page, answers: number): Promise<void> {
  await expect
    .poll(() => page.locator('li.message--assistant').count(), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(answers);
  await page.locator('li.message[data-status="answering"]').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * Sends one message in the open chat (Enter sends; `fill` keeps the message's own line breaks) and waits for
 * the designer's whole answer, which it returns.
 */
export async function say(page: Page, message: string): Promise<string> {
  const before = await page.locator('li.message--assistant').count();
  const box = page.getByLabel(en.composer.chatLabel);
  await expect.poll(() => page.getByRole('button', { name: en.composer.send }).isEnabled()).toBe(true);
  await box.fill(message);
  await box.press('Enter');
  await answerFinished(page, before + 1);
  await expect.poll(() => box.inputValue()).toBe('');
  return lastAnswer(page);
}
