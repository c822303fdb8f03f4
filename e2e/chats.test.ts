import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { signedInContextUser } from './support/accounts.js';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';
import { answerFinished, lastAnswer, say } from './support/chats.js';

async function noHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: no horizontal scrolling`).toBeLessThanOrEqual(0);
}

/** The draft designer pane's read-only view. */
const draftView = (page: Page) => page.getByRole('region', { name: en.draft.bodyLabel });

describe.skipIf(!hasBrowser)('the chat designer in the browser', () => {
  const newPage = useBrowser({
    allowConsole: [
      // The billing portal arrives with payments.
      /404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/,
    ],
  });

  it('designs an agent through the guided interview, generates it and opens it', async () => {
    const page = await newPage();
    await signedInContextUser(page.context());
    await page.goto('/chat/new');
    await page.getByRole('heading', { name: en.newChat.heading, level: 1 }).waitFor();
    // The demos come from the server, in the user's language.
    await page.locator('.demo-prompt').first().waitFor();
    expect(await page.locator('.demo-prompt').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('New chat · Greenhouse');
    await screenshot(page, 'chat-new-desktop');
    await page.locator('.demo-prompt').last().scrollIntoViewIfNeeded();
    await screenshot(page, 'chat-new-desktop-demos');

    // The first message says what the agent is and who talks to it.
    const first = page.getByLabel(en.newChat.messageLabel);
    await first.fill('A friendly barista who takes coffee orders from customers in a small café.');
    await first.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    await answerFinished(page, 1);
    expect(await lastAnswer(page)).toMatch(/What is the agent's name\?/);
    await expect
      .poll(() => draftView(page).getByText('A friendly barista who takes coffee orders').count())
      .toBeGreaterThan(0);
    expect(await page.getByText(en.chat.gaps.name).count()).toBe(1);

    // A reload shows the same conversation and draft.
    await page.reload();
    await answerFinished(page, 1);
    expect(await page.locator('li.message').count()).toBe(2);
    expect(await lastAnswer(page)).toMatch(/What is the agent's name\?/);

    expect(await say(page, 'Bruno')).toMatch(/describe the world Bruno lives in/);
    await draftView(page).getByText('Bruno', { exact: true }).waitFor();
    expect(
      await say(
        page,
        'The café is called Bean There. It opens at eight in the morning. It sells coffee, tea and pastries.',
      ),
    ).toMatch(/Which reactions can the agent have\?/);
    expect(await say(page, 'Order, Greet')).toMatch(/Example exchanges for Order/);
    // The tokens follow from the draft.
    await draftView(page).getByText('Order_', { exact: true }).waitFor();
    await draftView(page).getByText('Greet_', { exact: true }).waitFor();

    expect(
      await say(
        page,
        [
          'A latte please => One latte coming right up!',
          'Can I get an espresso? => Sure, one espresso for you.',
          'Two cappuccinos to go => Two cappuccinos to go, right away.',
        ].join('\n'),
      ),
    ).toMatch(/Example exchanges for Greet/);
    expect(
      await say(
        page,
        [
          'Hi there => Welcome to Bean There!',
          'Good morning => Good morning! What can I get you?',
          'Hello => Hello! Coffee today?',
        ].join('\n'),
      ),
    ).toMatch(/What must Bruno refuse\?/);
    expect(
      await say(page, 'What is the capital of France; Can you fix my car; Tell me about politics'),
    ).toMatch(/what should Bruno answer to them\?/);
    expect(await say(page, 'Sorry, I only take coffee orders.')).toMatch(/The draft of Bruno is complete/);

    // The designer pane has the whole draft, and nothing is missing.
    await page.getByText(en.draft.nothingMissing).waitFor();
    const view = draftView(page);
    await view.getByText('It opens at eight in the morning.').waitFor();
    await view.getByText('One latte coming right up!', { exact: false }).waitFor();
    await view.getByText('Sorry, I only take coffee orders.').waitFor();
    expect(await view.locator('.draft__sample').count()).toBe(6);
    const generate = page.getByRole('button', { name: en.generate.button });
    expect(await generate.isEnabled()).toBe(true);
    await screenshot(page, 'chat-complete-desktop');

    // At a phone's width the panes are tabs.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('tab', { name: new RegExp(en.chat.tabs.conversation) }).waitFor();
    await noHorizontalScroll(page, 'the conversation at 375 px');
    await screenshot(page, 'chat-conversation-375');
    await page.getByRole('tab', { name: new RegExp(en.chat.tabs.designer) }).click();
    await page.getByText(en.draft.nothingMissing).waitFor();
    await noHorizontalScroll(page, 'the draft at 375 px');
    await screenshot(page, 'chat-draft-375');
    await page.getByRole('button', { name: en.draft.edit }).click();
    await page.getByLabel(en.draft.name, { exact: true }).waitFor();
    await noHorizontalScroll(page, 'the draft editor at 375 px');
    await screenshot(page, 'chat-draft-editor-375');
    await page.getByRole('button', { name: en.common.cancel }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Generate: the chat closes and links to the agent, which the sidebar lists.
    await page.getByRole('button', { name: en.generate.button }).click();
    const open = page.getByRole('link', { name: en.generate.openAgent }).first();
    await open.waitFor();
    expect(await page.getByLabel(en.composer.chatLabel).count()).toBe(0);
    await screenshot(page, 'chat-generated-desktop');
    await open.click();
    await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Bruno' }).first().waitFor();
    await page.locator('li.stage-card').first().waitFor();
    await page.getByRole('button', { name: en.sidebar.toggle }).first().click();
    await page.getByRole('list', { name: en.sidebar.agents }).getByText('Bruno').waitFor();
  });

  it('shows the new-chat screen at a phone’s width', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await signedInContextUser(page.context());
    await page.goto('/chat/new');
    await page.locator('.demo-prompt').first().waitFor();
    await noHorizontalScroll(page, 'new chat at 375 px');
    await screenshot(page, 'chat-new-375');
    await page.locator('.demo-prompt').last().scrollIntoViewIfNeeded();
    await screenshot(page, 'chat-new-375-demos');
  });
});
