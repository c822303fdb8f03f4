// Accessibility checked by a machine (issue 37): axe-core (WCAG 2.0 and 2.1 A and AA, and best practice) on every
// route of the route table (routing-rules.ts) — signed out, signed in and as the admin — in English and Polish, at
// 1280 and 375 px, with the menus, the dialogs (rename, delete, share) and the playground open, and on the share page.
// Any violation fails the test, whatever its impact; the failure lists them all: the rule, its impact, the elements
// (axe's selectors) and the page and state it was found on.
//
// Kept fast: the shared app, one browser, one account whose agent trains (uploaded through the API) while the other
// pages are checked; pages are opened in the loaded app as a link would (no reload), and each state is checked at
// both widths by resizing the window. axe is the test's own (the registry's axe-core), never part of the app.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type RoutePath } from '../apps/web/src/app/routing-rules.js';
import { en, type Translations } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { PASSWORD, newEmail, signIn, signedInContextUser } from './support/accounts.js';
import { exampleFile, stageStatuses } from './support/agents.js';
import { admin, fillText, hasBrowser, useBrowser } from './support/browser.js';
import { apiCall, setLanguage } from './support/chats.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
const axeOptions: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
};

const languages = { en, pl } as const;
type Language = keyof typeof languages;
const WIDE = 1280;
const NARROW = 375;
const HEIGHT = 800;

/** One rule's violation in one state of one page: what a failure lists. */
interface Finding {
  state: string;
  rule: string;
  impact: ImpactValue | null | undefined;
  help: string;
  targets: string[];
}

const describeFinding = (f: Finding) =>
  `${f.state}: ${f.rule} (${f.impact ?? 'no impact'}) — ${f.help} — ${f.targets.join(' | ')}`;

/**
 * axe's report of the page as it is now. Its source is evaluated in the page through the browser's debugging
 * protocol, as @axe-core/playwright does: a script element (page.addScriptTag) is refused by the app's Content
 * Security Policy (script-src 'self'), and turning the policy off (bypassCSP) would check a page users never get.
 */
async function runAxe(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
    };
    return (await axe.run(document, options)).violations;
  }, axeOptions);
}

/**
 * Waits until the page shows what it is for: the UI in `language`, a level-1 heading, no loader (every Loader is
 * aria-busy) and no animation that ends running (a dialog or a panel coming in is checked in its final colours).
 */
async function settled(page: Page, language: Language): Promise<void> {
  await page.waitForFunction(
    (lang) =>
      document.documentElement.lang === lang &&
      document.querySelector('h1') !== null &&
      document.querySelector('[aria-busy="true"]') === null &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    language,
    { polling: 50 },
  );
}

/** Opens `to` in the app already loaded, as a link does (client-side navigation); else loads the page. */
async function visit(page: Page, to: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto(to);
    return;
  }
  await page.evaluate((url) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `a11y${idx}`, idx }, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, to);
}

/** Every route of the route table a check opened (by its pattern): the last test asks for all of them. */
const routesChecked = new Set<RoutePath>();

interface RouteOptions {
  /**
   * The screen's document title (before " · Greenhouse"): set once the screen is shown, so the check waits for it
   * (the router renders the next screen in a transition, the last one staying meanwhile).
   */
  title: string;
  /** Where the route sends the page (a redirect), if elsewhere. */
  landsOn?: string;
  /** What the state is, when one route is checked in more than one. */
  state?: string;
  /** Shown once the state is: waited for too. */
  ready?: Locator;
}

/** Checks of one page (one browser context): `expectNone` fails the test on any violation found, listing them all. */
function checker(page: Page, session: string) {
  const findings: Finding[] = [];
  let states = 0;

  /** axe on the state shown, at both widths (the window's width first) or at those given; the page stays. */
  const check = async (language: Language, state: string, at?: number[]) => {
    const current = page.viewportSize()?.width ?? WIDE;
    for (const width of at ?? [current, current === WIDE ? NARROW : WIDE]) {
      if (width !== page.viewportSize()?.width) await page.setViewportSize({ width, height: HEIGHT });
      await settled(page, language);
      states += 1;
      for (const violation of await runAxe(page)) {
        findings.push({
          state: `${session} · ${language} · ${width} px · ${state}`,
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        });
      }
    }
  };

  /** Opens a route at `to` (`pattern`: its entry in the route table) and checks it. */
  const route = async (language: Language, pattern: RoutePath, to: string, options: RouteOptions) => {
    const landsOn = options.landsOn ?? to;
    const title = `${options.title} · ${languages[language].common.appName}`;
    await visit(page, to);
    await page.waitForFunction(
      ([url, expected]) => location.pathname + location.search === url && document.title === expected,
      [landsOn, title] as const,
    );
    await options.ready?.waitFor();
    routesChecked.add(pattern);
    await check(
      language,
      `${to}${landsOn === to ? '' : ` → ${landsOn}`}${options.state ? ` (${options.state})` : ''}`,
    );
  };

  const expectNone = () => {
    console.info(`${session}: axe checked ${states} states, found ${findings.length} violations`);
    expect(findings.map(describeFinding), `axe violations (${session})`).toEqual([]);
  };
  return { check, route, expectNone };
}

/** The API's answer to a GET, as an object. */
async function json<T>(context: BrowserContext, path: string): Promise<T> {
  const res = await apiCall(context, 'GET', path);
  expect(res.status).toBe(200);
  return res.body as T;
}

/** The admin's language, keeping the admin's name. */
async function setAdminLanguage(context: BrowserContext, language: Language): Promise<void> {
  const me = await json<{ firstName: string; lastName: string }>(context, '/api/account/data');
  const res = await apiCall(context, 'PUT', '/api/account/data', {
    firstName: me.firstName,
    lastName: me.lastName,
    language,
  });
  expect(res.status).toBe(200);
}

/** Opens the sidebar on a wide screen (remembered by the browser: it stays open on the next pages and loads). */
async function openWideSidebar(page: Page, t: Translations): Promise<void> {
  const toggle = page.getByRole('button', { name: t.sidebar.toggle });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('navigation', { name: t.sidebar.label }).waitFor();
}

const dialogOpened = (page: Page) => page.getByRole('dialog').waitFor();

/** Escape closes a dialog. */
async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Runs the playground (the agent page's or the share page's) on two lines and waits for its answer. */
async function runPlayground(page: Page, t: Translations): Promise<void> {
  const playground = page.getByRole('region', { name: t.playground.heading });
  await playground
    .getByLabel(fillText(t.playground.line, { n: 1 }))
    .fill('Gull Cape light, good evening to you.');
  await playground
    .getByLabel(fillText(t.playground.line, { n: 2 }))
    .fill('Evening, keeper. Is the harbour still open tonight?');
  await playground.getByRole('button', { name: t.playground.run, exact: true }).click();
  await playground.locator('.playground__reaction').waitFor({ timeout: 30_000 });
}

describe.skipIf(!hasBrowser)('accessibility (axe-core: WCAG 2.1 A/AA and best practice)', () => {
  const newPage = useBrowser({
    allowConsole: [
      // Signed out: the session refresh is told 401.
      /401 \(Unauthorized\) @ .*\/api\/account\/data/,
      // The billing portal arrives with payments.
      /404 \(Not Found\) @ .*\/api\/payment\/billing-portal\/url/,
      // A made-up e-mail confirmation token, and a share link that does not exist.
      /400 \(Bad Request\) @ .*\/api\/auth\/email\/confirm/,
      /404 \(Not Found\) @ .*\/api\/shared\//,
    ],
  });

  /** The signed-in user of the checks, with a chat and an agent (trained meanwhile), and the agent's share link. */
  const owner = {
    email: newEmail('a11y'),
    name: 'Uma User',
    id: '',
    chatId: '',
    chatTitle: '',
    agentId: '',
    agentName: 'Keeper',
    shareToken: '',
  };

  beforeAll(async () => {
    const page = await newPage();
    const context = page.context();
    await signedInContextUser(context, owner.email);
    owner.id = (await json<{ id: string }>(context, '/api/account/data')).id;
    // The agent trains while the other pages are checked.
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const upload = await context.request.post('/api/bloom/upload', {
      headers: { 'X-XSRF-TOKEN': xsrf },
      multipart: {
        name: owner.agentName,
        file: {
          name: 'lighthouse_2_0_1.json',
          mimeType: 'application/json',
          buffer: readFileSync(exampleFile('lighthouse_2_0_1.json')),
        },
      },
    });
    expect(upload.status()).toBe(201);
    owner.agentId = ((await upload.json()) as { id: string }).id;
    const chat = await apiCall(context, 'POST', '/api/bloom/chats', {
      message: 'A lighthouse keeper who answers ships calling in the night.',
    });
    expect(chat.status).toBe(201);
    ({ id: owner.chatId, title: owner.chatTitle } = chat.body as { id: string; title: string });
  });

  it('signed out: sign-in, sign-up, the password pages, e-mail confirmation and Google sign-in', async () => {
    const page = await newPage({ width: WIDE, height: HEIGHT });
    const { route, check, expectNone } = checker(page, 'signed out');
    for (const language of ['en', 'pl'] as const) {
      const t = languages[language];
      if (language === 'pl') await page.getByRole('button', { name: en.language.pl }).click();
      await route(language, '/auth/sign-in', '/auth/sign-in', { title: t.titles.signIn });
      await page.getByRole('button', { name: t.signIn.submit }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await check(language, '/auth/sign-in (the empty form sent: its errors)');
      await route(language, '/auth/sign-up', '/auth/sign-up', { title: t.titles.signUp });
      await route(language, '/auth/forgot-password', '/auth/forgot-password', {
        title: t.titles.forgotPassword,
      });
      await route(language, '/auth/password-reset', '/auth/password-reset', {
        title: t.titles.resetPassword,
        state: 'no token',
        ready: page.getByText(t.resetPassword.noToken.title),
      });
      await route(language, '/auth/password-reset', '/auth/password-reset?token=made-up', {
        title: t.titles.resetPassword,
        ready: page.getByLabel(t.forms.newPassword, { exact: true }),
      });
      await route(language, '/auth/email-confirmation', '/auth/email-confirmation?token=made-up', {
        title: t.titles.emailConfirmation,
        ready: page.getByText(t.emailConfirmation.failed.title),
      });
      await route(language, '/auth/sso/google', '/auth/sso/google', { title: t.titles.googleSso });
    }
    expectNone();
  });

  it('signed in: chats, new agent, Flora, profile and settings, with the menus and the sidebar', async () => {
    const page = await newPage({ width: WIDE, height: HEIGHT });
    await signIn(page.context(), owner.email, PASSWORD);
    const { route, check, expectNone } = checker(page, 'signed in');
    for (const language of ['en', 'pl'] as const) {
      const t = languages[language];
      if (language === 'pl') await setLanguage(page.context(), 'pl');
      // A load of the app: its language is the account's. On a wide screen the sidebar is open from here on.
      await page.setViewportSize({ width: WIDE, height: HEIGHT });
      await page.goto('/chat/new');
      await openWideSidebar(page, t);
      await route(language, '/chat/new', '/chat/new', { title: t.titles.newChat });
      const chatPath = `/chat/${owner.chatId}`;
      await route(language, '/chat/:id', chatPath, { title: owner.chatTitle });
      // The chat's menu in the sidebar, and its rename and delete dialogs.
      await page.setViewportSize({ width: WIDE, height: HEIGHT });
      const chatMenu = page.getByRole('button', {
        name: fillText(t.sidebar.chatActions, { title: owner.chatTitle }),
      });
      await chatMenu.click();
      await page.getByRole('menu').waitFor();
      await check(language, `${chatPath} (the sidebar's menu of the chat)`, [WIDE]);
      await page.getByRole('menuitem', { name: t.sidebar.edit }).click();
      await dialogOpened(page);
      await check(language, `${chatPath} (the chat's rename dialog)`);
      await closeDialog(page);
      await page.setViewportSize({ width: WIDE, height: HEIGHT });
      await chatMenu.click();
      await page.getByRole('menuitem', { name: t.sidebar.delete }).click();
      await dialogOpened(page);
      await check(language, `${chatPath} (the chat's delete dialog)`);
      await closeDialog(page);

      await route(language, '/chat', '/chat', { title: t.titles.newChat, landsOn: '/chat/new' });
      await route(language, '/agent/new', '/agent/new', { title: t.titles.newAgent });
      await route(language, '/agent', '/agent', { title: t.titles.newAgent, landsOn: '/agent/new' });
      await route(language, '/blooms', '/blooms', { title: t.titles.newAgent, landsOn: '/agent/new' });
      await route(language, '/flora', '/flora', { title: t.titles.flora });
      const profileTitle = (tab: 'account' | 'password' | 'prompts') =>
        `${t.profile.tabs[tab]} · ${t.titles.profile}`;
      await route(language, '/profile', '/profile', { title: profileTitle('account') });
      for (const tab of ['account', 'password', 'prompts'] as const) {
        await route(language, '/profile/:tab', `/profile/${tab}`, { title: profileTitle(tab) });
      }
      await route(language, '/settings', '/settings', { title: t.titles.settings });
      // The account menu (on a wide screen), and the sidebar open over the page on a narrow one.
      await page.setViewportSize({ width: WIDE, height: HEIGHT });
      await page.getByRole('button', { name: fillText(t.topBar.userMenu, { name: owner.name }) }).click();
      await page.getByRole('menu').waitFor();
      await check(language, '/settings (the account menu)', [WIDE]);
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: NARROW, height: HEIGHT });
      await page.getByRole('button', { name: t.sidebar.toggle }).click();
      await check(language, '/settings (the sidebar over the page)', [NARROW]);
    }
    expectNone();
  });

  it('as the admin: the admin panel and its tabs, and a user', async () => {
    const page = await newPage({ width: WIDE, height: HEIGHT });
    const context = page.context();
    await signIn(context, admin.email, admin.password);
    const { route, expectNone } = checker(page, 'admin');
    try {
      for (const language of ['en', 'pl'] as const) {
        const t = languages[language];
        if (language === 'pl') await setAdminLanguage(context, 'pl');
        await page.setViewportSize({ width: WIDE, height: HEIGHT });
        await page.goto('/admin');
        await openWideSidebar(page, t);
        for (const tab of ['users', 'agents', 'audit'] as const) {
          const to = tab === 'users' ? '/admin' : `/admin?tab=${tab}`;
          await route(language, '/admin', to, { title: `${t.admin.tabs[tab]} · ${t.titles.admin}` });
        }
        await route(language, '/admin/users/:userId', `/admin/users/${owner.id}`, {
          title: `${owner.name} · ${t.titles.adminUser}`,
        });
      }
    } finally {
      await setAdminLanguage(context, 'en');
    }
    expectNone();
  });

  it('signed in: the trained agent, its dialogs (rename, delete, share) and its playground', async () => {
    const page = await newPage({ width: WIDE, height: HEIGHT });
    const context = page.context();
    await signIn(context, owner.email, PASSWORD);
    await setLanguage(context, 'en');
    const { route, check, expectNone } = checker(page, 'signed in');
    const agentPath = `/agent/${owner.agentId}`;
    await page.goto(agentPath);
    await openWideSidebar(page, en);
    await expect
      .poll(() => stageStatuses(page), { timeout: 120_000, interval: 250 })
      .toEqual(Array.from({ length: 7 }, () => 'completed'));
    for (const language of ['en', 'pl'] as const) {
      const t = languages[language];
      const share = t.dialogs.shareAgent;
      if (language === 'pl') {
        await setLanguage(context, 'pl');
        await page.goto('/agent/new');
      }
      await page.setViewportSize({ width: WIDE, height: HEIGHT });
      await route(language, '/agent/:id', agentPath, { title: owner.agentName, state: 'trained' });
      const actions = page.getByRole('group', { name: t.agent.actions });
      const dialog = page.getByRole('dialog');

      await actions.getByRole('button', { name: t.agent.rename }).click();
      await dialogOpened(page);
      await check(language, `${agentPath} (the rename dialog)`);
      await closeDialog(page);

      await actions.getByRole('button', { name: t.agent.delete }).click();
      await dialogOpened(page);
      await check(language, `${agentPath} (the delete dialog)`);
      await closeDialog(page);

      await actions.getByRole('button', { name: t.agent.share }).click();
      await dialogOpened(page);
      if (language === 'en') {
        await dialog.getByText(share.none).waitFor();
        await check(language, `${agentPath} (the share dialog, no links yet)`);
        await dialog.getByRole('button', { name: share.create }).click();
        const url = await dialog.getByLabel(share.newLabel, { exact: true }).inputValue();
        owner.shareToken = new URL(url).pathname.split('/').at(-1)!;
        await check(language, `${agentPath} (the share dialog, a new link)`);
      } else {
        const card = dialog.getByRole('list', { name: share.listHeading }).getByRole('listitem');
        await card.waitFor();
        await check(language, `${agentPath} (the share dialog, a link)`);
        await card.getByRole('button', { name: share.revoke }).click();
        await card.getByText(share.revokeQuestion).waitFor();
        await check(language, `${agentPath} (the share dialog, revoking a link)`);
        await card.getByRole('button', { name: share.keep }).click();
      }
      await closeDialog(page);

      await runPlayground(page, t);
      await check(language, `${agentPath} (the playground's answer)`);
    }
    await setLanguage(context, 'en');
    expectNone();
  });

  it("the share page: signed out (a visitor) and signed in (the agent's owner)", async () => {
    expect(owner.shareToken, 'the share link made by the test before').not.toBe('');
    const tryPath = `/try/${owner.shareToken}`;
    const visitor = await newPage({ width: WIDE, height: HEIGHT });
    const signedOut = checker(visitor, 'signed out');
    await visitor.goto(tryPath);
    for (const language of ['en', 'pl'] as const) {
      const t = languages[language];
      if (language === 'pl') await visitor.getByRole('button', { name: en.language.pl }).click();
      const title = fillText(t.sharedAgent.title, { name: owner.agentName });
      await signedOut.route(language, '/try/:token', tryPath, { title });
      await runPlayground(visitor, t);
      await signedOut.check(language, `${tryPath} (the playground's answer)`);
      await signedOut.route(language, '/try/:token', '/try/no-such-link', {
        title: t.sharedAgent.notFound.title,
        state: 'a link that does not work',
      });
    }

    const ownerPage = await newPage({ width: WIDE, height: HEIGHT });
    await signIn(ownerPage.context(), owner.email, PASSWORD);
    const signedIn = checker(ownerPage, 'signed in');
    await ownerPage.goto(tryPath);
    await signedIn.route('en', '/try/:token', tryPath, {
      title: fillText(en.sharedAgent.title, { name: owner.agentName }),
    });
    signedOut.expectNone();
    signedIn.expectNone();
  });

  it('checked every route of the route table', () => {
    expect([...routesChecked].sort()).toEqual(routeTable.map(({ path }) => path).sort());
  });
});
