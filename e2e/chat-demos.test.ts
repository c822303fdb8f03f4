// Issue 17 (item 6 and the chat parts of item 8) in the browser, in English and Polish: a demo opens a chat
// with a complete draft at once, free, ready to Generate — also with no prompts left, where the page says
// so truthfully; the guided interview uses no prompt (issue 32); /chat/new names the designer that runs; at a phone's width no text speaks of the draft
// "beside the chat" and no keyboard hint is shown.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { signedInContextUser } from './support/accounts.js';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';
import { answerFinished, lastAnswer, promptsUsed, say, setLanguage } from './support/chats.js';

const texts = { en, pl } as const;
type Language = keyof typeof texts;
/** The first demo, as the server names it in each language, and its draft's agent. */
const shopkeeper = {
  en: { title: 'Village shopkeeper', agent: 'Grimsby', sample: 'Fine steel, twenty gold.' },
  pl: { title: 'Wiejski sklepikarz', agent: 'Gburek', sample: 'Dobra stal, dwadzieścia sztuk złota.' },
} as const;

async function noHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: no horizontal scrolling`).toBeLessThanOrEqual(0);
}

/** A new account in the language, on /chat/new with its demos loaded. */
async function openNewChat(page: Page, language: Language) {
  const t = texts[language];
  await signedInContextUser(page.context());
  if (language === 'pl') await setLanguage(page.context(), 'pl');
  await page.goto('/chat/new');
  await page.getByRole('heading', { name: t.newChat.heading, level: 1 }).waitFor();
  await page.locator('.demo-prompt').first().waitFor();
}

/** Starts the shopkeeper demo and waits for its chat. */
async function startShopkeeper(page: Page, language: Language) {
  const t = texts[language];
  await page.getByRole('button', { name: new RegExp(shopkeeper[language].title) }).click();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: shopkeeper[language].title, level: 1 }).waitFor();
  return t;
}

describe.skipIf(!hasBrowser)('demos and the designer’s texts in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [/404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/],
  });

  it.each(['en', 'pl'] as const)(
    'a demo opens with a complete draft, free, and generates its agent at once (%s)',
    async (language) => {
      const page = await newPage();
      await openNewChat(page, language);
      const t = texts[language];
      // The server runs the guided designer, and the page says that one only.
      await page.getByText(t.newChat.mode.guided).waitFor();
      expect(await page.getByText(t.newChat.mode.model).count()).toBe(0);
      await page.getByText(t.newChat.demosText).waitFor();
      // A keyboard is assumed on a desktop: the hint is there.
      await page.getByText(t.composer.hint).waitFor();
      await screenshot(page, `chat-demos-new-1280-${language}`);

      await startShopkeeper(page, language);
      // Nothing is being written: the draft is there at once, complete.
      expect(await page.locator('li.message[data-status="answering"]').count()).toBe(0);
      await page.getByText(t.draft.nothingMissing).waitFor();
      const draft = page.getByRole('region', { name: t.draft.bodyLabel });
      await draft.getByText(shopkeeper[language].agent, { exact: true }).first().waitFor();
      await draft.getByText(shopkeeper[language].sample, { exact: false }).first().waitFor();
      const answer = await lastAnswer(page);
      expect(answer).toContain(shopkeeper[language].agent);
      expect(answer).toContain(t.generate.button);
      expect(answer).not.toMatch(/beside|obok/i);
      expect(await promptsUsed(page.context())).toBe(0);
      await screenshot(page, `chat-demos-ready-1280-${language}`);

      const generate = page.getByRole('button', { name: t.generate.button });
      expect(await generate.isEnabled()).toBe(true);
      await generate.click();
      const open = page.getByRole('link', { name: t.generate.openAgent }).first();
      await open.waitFor();
      await open.click();
      await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: shopkeeper[language].agent }).first().waitFor();
      expect(await promptsUsed(page.context())).toBe(0);
    },
  );

  it.each(['en', 'pl'] as const)(
    'the guided interview uses no prompt, also for a line it does not understand, as the page says (%s)',
    async (language) => {
      const page = await newPage();
      await openNewChat(page, language);
      const t = texts[language];
      await page.getByText(t.composer.free).waitFor();
      expect(
        await page.getByText(/Each message uses one prompt|Każda wiadomość zużywa jeden prompt/).count(),
      ).toBe(0);
      await page
        .getByLabel(t.newChat.messageLabel)
        .fill(language === 'pl' ? 'Bard w karczmie.' : 'A bard in a tavern.');
      await page.getByRole('button', { name: t.composer.send }).click();
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      await answerFinished(page, 1);
      await say(page, 'Lute', t);
      await say(page, language === 'pl' ? 'Karczma jest głośna.' : 'The tavern is loud.', t);
      // A line it does not understand (no reaction name in it) costs nothing either.
      const answer = await say(page, '!!!, ???', t);
      expect(answer).toContain(
        language === 'pl' ? 'Nie znalazłem nazwy reakcji' : 'I could not find a reaction name',
      );
      await page.getByText(t.composer.free).waitFor();
      expect(await promptsUsed(page.context())).toBe(0);
      await screenshot(page, `chat-guided-free-${language}`);
    },
  );

  it.each(['en', 'pl'] as const)(
    'with no prompts left and a model answering, the page offers the free demos (%s)',
    async (language) => {
      const page = await newPage();
      // What the server answers with LLM_BASE_URL set, to an account whose allowance is used up (the server's
      // side, that a model's answer uses a prompt, has its integration test).
      await page.route('**/api/bloom/chats/demo/prompts', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...body, mode: 'model' } });
      });
      await page.route('**/api/account/data', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { prompts: { limit: number } };
        await route.fulfill({
          response,
          json: { ...body, prompts: { ...body.prompts, used: body.prompts.limit } },
        });
      });
      await openNewChat(page, language);
      const t = texts[language];
      await page.getByText(t.newChat.noPrompts).waitFor();
      expect(await page.getByRole('button', { name: t.composer.send }).isEnabled()).toBe(false);
      await screenshot(page, `chat-demos-no-prompts-${language}`);
      await startShopkeeper(page, language);
      await page.getByText(t.draft.nothingMissing).waitFor();
      await page.getByRole('button', { name: t.generate.button }).click();
      await page.getByRole('link', { name: t.generate.openAgent }).first().waitFor();
    },
  );

  it.each(['en', 'pl'] as const)(
    'at a phone’s width: no “beside the chat”, no keyboard hint (%s)',
    async (language) => {
      const page = await newPage({ width: 375, height: 800 });
      await openNewChat(page, language);
      const t = texts[language];
      await page.getByText(t.newChat.mode.guided).waitFor();
      expect(await page.getByText(t.composer.hint).count()).toBe(0);
      await noHorizontalScroll(page, 'new chat at 375 px');
      await screenshot(page, `chat-demos-new-375-${language}`);

      // One's own chat: the guided designer's first answer, in the conversation tab.
      const first = page.getByLabel(t.newChat.messageLabel);
      await first.fill(
        language === 'pl' ? 'Miły barista w małej kawiarni.' : 'A friendly barista in a small café.',
      );
      await page.getByRole('button', { name: t.composer.send }).click();
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      await page.getByRole('tab', { name: new RegExp(t.chat.tabs.conversation) }).waitFor();
      await answerFinished(page, 1);
      const answer = await lastAnswer(page);
      expect(answer).toContain(language === 'pl' ? 'prowadzącym projektantem' : 'guided designer');
      expect(answer).not.toMatch(/beside|obok/i);
      await page.getByLabel(t.composer.chatLabel).waitFor();
      expect(await page.getByText(t.composer.hint).count()).toBe(0);
      await noHorizontalScroll(page, 'the conversation at 375 px');
      await screenshot(page, `chat-demos-conversation-375-${language}`);

      // A demo at this width: the draft tab says it is ready.
      await page.goto('/chat/new');
      await page.locator('.demo-prompt').first().waitFor();
      await startShopkeeper(page, language);
      const draftTab = page.getByRole('tab', { name: new RegExp(t.chat.tabs.designer) });
      expect(await draftTab.innerText()).toContain(t.chat.tabs.ready);
      expect(await lastAnswer(page)).not.toMatch(/beside|obok/i);
      await draftTab.click();
      await page.getByText(t.draft.nothingMissing).waitFor();
      expect(await page.getByRole('button', { name: t.generate.button }).isEnabled()).toBe(true);
      await noHorizontalScroll(page, 'a demo’s draft at 375 px');
      await screenshot(page, `chat-demos-draft-375-${language}`);
    },
  );

  it.each(['en', 'pl'] as const)('names the AI model when the server runs one (%s)', async (language) => {
    const page = await newPage();
    // What the server answers with LLM_BASE_URL set (the server's side has its integration test).
    await page.route('**/api/bloom/chats/demo/prompts', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, mode: 'model' } });
    });
    await openNewChat(page, language);
    const t = texts[language];
    await page.getByText(t.newChat.mode.model).waitFor();
    expect(await page.getByText(t.newChat.mode.guided).count()).toBe(0);
  });
});
