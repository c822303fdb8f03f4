// Issue 31 (chat-sized agents get more phrasings, with the user's consent) in the browser, with the UI in
// English and in Polish: the guided designer offers new phrasings of the user's English examples, the user
// sees them in the draft apart from the examples, keeps some (by mouse and by keyboard) and drops others,
// generates the agent, and its protocol holds the kept phrasings and none of the others.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { newEmail, signedInContextUser } from './support/accounts.js';
import { fillText, hasBrowser, screenshot, useBrowser } from './support/browser.js';
import { apiCall, say } from './support/chats.js';

const texts = { en, pl } as const;
type Language = keyof typeof texts;

/** What the guided designer says when it offered phrasings, in each language. */
const offeredSays = {
  en: /I also suggested 10 new phrasings of what someone might say for Sell/,
  pl: /Zaproponowałem też nowe sformułowania tego, co ktoś może powiedzieć, dla Sell/,
} as const;

async function noHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: no horizontal scrolling`).toBeLessThanOrEqual(0);
}

/** The phrasings waiting in one reaction's group of the draft view, as shown. */
const waiting = (suggestions: Locator, reaction: string) =>
  suggestions
    .locator(`.offers__group[data-reaction="${reaction.toLowerCase()}"] .offers__text`)
    .allInnerTexts();

/** The player lines of the agent's protocol, from the account's data export (as its owner downloads it). */
async function protocolLines(page: Page, bloomId: string): Promise<string[]> {
  const res = await apiCall(page.context(), 'GET', '/api/account/export');
  expect(res.status).toBe(200);
  const exported = res.body as {
    blooms: {
      id: string;
      protocols: { content: { instruction: { sets: { samples: { strings: string[] }[] }[] } } }[];
    }[];
  };
  const bloom = exported.blooms.find((b) => b.id === bloomId)!;
  return bloom.protocols[0]!.content.instruction.sets[0]!.samples.map((s) => s.strings[0]!);
}

describe.skipIf(!hasBrowser)('phrasings the designer suggests, kept or dropped in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [/404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/],
  });

  it.each(['en', 'pl'] as const)(
    'English examples get suggested phrasings; only the kept ones reach the agent (UI in %s)',
    async (language: Language) => {
      const t = texts[language];
      const page = await newPage();
      await signedInContextUser(page.context(), newEmail(`phrasings-${language}`), language);
      await page.goto('/chat/new');
      await page.getByRole('heading', { name: t.newChat.heading, level: 1 }).waitFor();

      const first = page.getByLabel(t.newChat.messageLabel);
      await first.fill('A grumpy blacksmith in a fantasy village; players buy weapons or threaten him.');
      await first.press('Enter');
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      await page.locator('li.message--assistant').first().waitFor();
      await say(page, 'Bram', t);
      await say(page, 'Bram forges swords and shields. The town guard patrols outside.', t);
      await say(page, 'Sell, Guard', t);
      const afterSell = await say(
        page,
        [
          'I want to buy a sword => Twenty gold, friend.',
          'How much does this shield cost? => Ten gold.',
          'Show me your best blade => This one, fine steel.',
        ].join('\n'),
        t,
      );
      // The designer says it suggested phrasings, in the UI's language.
      expect(afterSell).toMatch(offeredSays[language]);
      expect(afterSell).toContain(t.draft.offers.heading);
      const afterGuard = await say(
        page,
        [
          'Give me your gold! => Guards! Guards!',
          'I will steal this => Guards, a thief!',
          'Your money or your life => Help, guards!',
        ].join('\n'),
        t,
      );
      expect(afterGuard).toContain('Guard');
      await say(page, language === 'pl' ? 'pomiń' : 'skip', t);
      await page.getByText(t.draft.nothingMissing).waitFor();

      // The draft: the examples, and apart from them the suggestions, with how many wait.
      const view = page.getByRole('region', { name: t.draft.bodyLabel });
      expect(await view.locator('.draft__sample').count()).toBe(6);
      const suggestions = view.getByRole('region', { name: t.draft.offers.heading });
      await suggestions.waitFor();
      await suggestions.getByText(t.draft.offers.note).waitFor();
      const sell = await waiting(suggestions, 'Sell');
      const guard = await waiting(suggestions, 'Guard');
      expect(sell).toHaveLength(10);
      expect(sell).toContain('I want to purchase a sword');
      expect(guard.length).toBeGreaterThan(0);
      const total = sell.length + guard.length;
      await view.getByText(fillText(t.draft.offers.pending, { count: total })).waitFor();
      await suggestions
        .getByText(fillText(t.draft.offers.waiting, { count: total }))
        .first()
        .waitFor();
      await screenshot(page, `chat-phrasings-1280-${language}`);
      await suggestions.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await screenshot(page, `chat-phrasings-list-1280-${language}`);

      // Keep one with the mouse, one with the keyboard; drop one; drop all of Guard's.
      const kept = [sell[0]!, sell[1]!];
      const dropped = [sell[2]!, ...guard];
      await suggestions
        .getByRole('button', {
          name: fillText(t.draft.offers.keepLabel, { phrasing: kept[0]! }),
          exact: true,
        })
        .click();
      await expect.poll(() => waiting(suggestions, 'Sell')).not.toContain(kept[0]);
      await view.locator('.draft__sample', { hasText: kept[0]! }).waitFor();
      // The focus went on to the next phrasing: Enter keeps it.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(fillText(t.draft.offers.keepLabel, { phrasing: kept[1]! }));
      await page.keyboard.press('Enter');
      await view.locator('.draft__sample', { hasText: kept[1]! }).waitFor();
      await suggestions
        .getByRole('button', {
          name: fillText(t.draft.offers.dropLabel, { phrasing: dropped[0]! }),
          exact: true,
        })
        .click();
      await expect.poll(() => waiting(suggestions, 'Sell')).not.toContain(dropped[0]);
      await suggestions
        .getByRole('button', {
          name: fillText(t.draft.offers.dropAllLabel, { count: guard.length, reaction: 'Guard' }),
          exact: true,
        })
        .click();
      await expect.poll(() => waiting(suggestions, 'Guard')).toEqual([]);
      const left = await waiting(suggestions, 'Sell');
      expect(left).toHaveLength(7);
      expect(await view.locator('.draft__sample').count()).toBe(8);
      await view.getByText(fillText(t.draft.offers.pending, { count: 7 })).waitFor();

      // At a phone's width, in the draft tab: the same list, nothing wider than the screen.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('tab', { name: new RegExp(t.chat.tabs.designer) }).click();
      await screenshot(page, `chat-phrasings-375-${language}`);
      await suggestions.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await noHorizontalScroll(page, 'the suggestions at 375 px');
      await screenshot(page, `chat-phrasings-list-375-${language}`);
      // The editor shows them too (the editor's own keep and drop change its form until Save).
      await page.getByRole('button', { name: t.draft.edit }).click();
      const editor = page.getByRole('form', { name: t.draft.editorLabel });
      const inEditor = editor.getByRole('region', { name: t.draft.offers.heading });
      await inEditor.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      expect(await inEditor.locator('.offers__text').allInnerTexts()).toEqual(left);
      await noHorizontalScroll(page, 'the draft editor’s suggestions at 375 px');
      await screenshot(page, `chat-phrasings-editor-375-${language}`);
      await page.getByRole('button', { name: t.common.cancel }).click();
      await page.setViewportSize({ width: 1280, height: 800 });

      // Generate: the protocol has the kept phrasings as examples, neither the dropped nor the waiting ones.
      const generated = page.waitForResponse(
        (r) => r.url().endsWith('/generate') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: t.generate.button }).click();
      const response = await generated;
      expect(response.status()).toBe(201);
      const { bloom } = (await response.json()) as { bloom: { id: string } };
      await page.getByRole('link', { name: t.generate.openAgent }).first().waitFor();
      const lines = await protocolLines(page, bloom.id);
      expect(lines).toHaveLength(8);
      for (const line of kept) expect(lines).toContain(line);
      for (const line of [...dropped, ...left]) expect(lines).not.toContain(line);
      // The agent page counts the same examples.
      await expect
        .poll(
          async () => {
            const agent = await apiCall(page.context(), 'GET', `/api/blooms/${bloom.id}`);
            const summary = (agent.body as { summary: { instructions: { samples: number }[] } | null })
              .summary;
            return summary?.instructions[0]!.samples;
          },
          { timeout: 20_000 },
        )
        .toBe(8);
    },
  );
});
