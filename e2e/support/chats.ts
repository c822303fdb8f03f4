import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { en, type Translations } from '../../apps/web/src/locales/en.js';

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
 * the designer's whole answer, which it returns. `texts`: the UI's language (English unless given).
 */
export async function say(page: Page, message: string, texts: Translations = en): Promise<string> {
  const before = await page.locator('li.message--assistant').count();
  const box = page.getByLabel(texts.composer.chatLabel);
  await expect.poll(() => page.getByRole('button', { name: texts.composer.send }).isEnabled()).toBe(true);
  await box.fill(message);
  await box.press('Enter');
  await answerFinished(page, before + 1);
  await expect.poll(() => box.inputValue()).toBe('');
  return lastAnswer(page);
}

/** An API call as the web app makes it: the context's cookies, and the CSRF header on unsafe methods. */
export async function apiCall(
  context: BrowserContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: unknown }> {
  let xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) {
    await context.request.get('/api/health');
    xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  }
  const res = await context.request.fetch(path, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: method === 'GET' ? {} : { 'X-XSRF-TOKEN': xsrf! },
  });
  const text = await res.text();
  return { status: res.status(), body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Sets the signed-in account's language (the app's texts follow it). */
export async function setLanguage(context: BrowserContext, language: 'en' | 'pl'): Promise<void> {
  const res = await apiCall(context, 'PUT', '/api/account/data', {
    firstName: 'Uma',
    lastName: 'User',
    language,
  });
  expect(res.status).toBe(200);
}

/** The prompts the signed-in account has used this period. */
export async function promptsUsed(context: BrowserContext): Promise<number> {
  const res = await apiCall(context, 'GET', '/api/account/data');
  return (res.body as { prompts: { used: number } }).prompts.used;
}
