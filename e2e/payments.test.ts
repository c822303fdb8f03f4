// Paying for an agent in the browser (issue 20): a priced app of its own (the shared one is free, so the
// other browser tests' agents train without paying), with our local Stripe peer as the provider and its
// hosted checkout page as the place where the person pays.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PEER_SECRET_KEY,
  startStripePeer,
  type StripePeer,
} from '../apps/server/test/support/stripe-peer.js';
import { en } from '../apps/web/src/locales/en.js';
import { signIn } from './support/accounts.js';
import { uploadExample } from './support/agents.js';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';
import { freePort } from '../scripts/lib/free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const payer = { email: 'payer@greenhouse.test', password: 'Payer#Greenhouse1' };

describe.skipIf(!hasBrowser)('paying for an agent in the browser', () => {
  // The peer's hosted pages have no icon: the browser's own request for one is answered 404.
  const allowConsole: RegExp[] = [];
  const newPage = useBrowser({ allowConsole });
  let peer: StripePeer;
  let app: ChildProcess | null = null;
  let dataDir: string | null = null;
  let appURL = '';

  beforeAll(async () => {
    peer = await startStripePeer();
    allowConsole.push(
      new RegExp(`404 \\(Not Found\\) @ ${peer.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/favicon\\.ico$`),
    );
    dataDir = mkdtempSync(path.join(tmpdir(), 'gh-e2e-pay-'));
    const port = await freePort();
    appURL = `http://127.0.0.1:${port}`;
    const env = {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: appURL,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      TRAINING_PRESET: 'tiny',
      AGENT_PRICE_CENTS: '500',
      STRIPE_SECRET_KEY: PEER_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: peer.webhookSecret,
      STRIPE_API_URL: peer.url,
    };
    // A confirmed account, made before the server starts (the embedded database has one owner at a time).
    execFileSync(
      process.execPath,
      [
        path.join(root, 'apps/server/dist/cli/admin.js'),
        'create',
        '--email',
        payer.email,
        '--first-name',
        'Paula',
        '--last-name',
        'Payer',
        '--password-stdin',
      ],
      { env, input: `${payer.password}\n`, stdio: ['pipe', 'ignore', 'inherit'] },
    );
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    app = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the priced app exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${appURL}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the priced app did not start within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    peer.webhookUrl = `${appURL}/api/payment/webhook`;
  });

  afterAll(async () => {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    }
    await peer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads an agent, pays for it on the checkout page, follows its training to Trained and finds the purchase history', async () => {
    const page = await newPage({ width: 1280, height: 800 }, { baseURL: appURL });
    await signIn(page.context(), payer.email, payer.password);
    await uploadExample(page, 'lighthouse_2_0_1.json');
    await page.waitForURL(/\/agent\/[0-9a-f-]{36}$/);
    const agentPath = new URL(page.url()).pathname;

    // Ready, at its price, waiting for the payment.
    const status = page.locator('.bloom-status');
    const sideStatus = page.locator('.side-status').first();
    const costCard = page.locator('.cost-card');
    const note = costCard.locator('.cost-card__note');
    const pill = costCard.locator('.bloom-pill');
    await status.getByText(en.bloomStatus.ready, { exact: true }).waitFor();
    await costCard.getByText(/^Total Cost: \$5(\.00)?$/).waitFor();
    expect(await pill.textContent()).toBe(`${en.agent.paymentStatus}: ${en.paymentStatus.not_initialized}`);
    expect(await note.getAttribute('data-status')).toBe('not_initialized');
    expect(await note.textContent()).toBe(en.agent.payment.notInitialized);
    await sideStatus.getByText(en.bloomStatus.ready).waitFor({ state: 'attached' });
    await screenshot(page, 'agent-page-payment-desktop');

    // The checkout is the provider's page; paying there brings the browser back to the agent.
    await page.getByRole('button', { name: en.agent.payment.payAndTrain }).click();
    await page.waitForURL((url) => url.origin === peer.url && url.pathname.startsWith('/checkout/'));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.origin === appURL && url.pathname === agentPath);
    await page
      .getByText(en.agent.payment.returnPaid)
      .or(page.getByText(en.agent.payment.returnConfirming))
      .first()
      .waitFor();
    // The return's parameter is dropped from the address once the payment was checked.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe(agentPath);

    // Paid, training, then trained: the page follows by itself.
    await status.getByText(en.bloomStatus.in_progress, { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => pill.textContent()).toBe(`${en.agent.paymentStatus}: ${en.paymentStatus.paid}`);
    expect(await note.getAttribute('data-status')).toBe('paid');
    await expect.poll(() => page.getByRole('button', { name: en.agent.payment.payAndTrain }).count()).toBe(0);
    await status.getByText(en.bloomStatus.trained, { exact: true }).waitFor({ timeout: 180_000 });
    await sideStatus.getByText(en.bloomStatus.trained).waitFor({ state: 'attached' });

    // Purchase history: the provider's billing portal, in a new tab.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    const purchases = page.getByRole('menuitem', { name: new RegExp(en.topBar.purchaseHistory) });
    await purchases.waitFor();
    const href = await purchases.getAttribute('href');
    expect(href).not.toBeNull();
    const portal = new URL(href!);
    expect(portal.origin).toBe(peer.url);
    expect(portal.pathname).toMatch(/^\/billing\/bps_/);
    expect(await purchases.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), purchases.click()]);
    await tab.waitForURL(href!);
    await tab.getByRole('heading', { name: 'Purchase history' }).waitFor();

    // One checkout session, for the price the agent was made with.
    const creates = peer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(creates).toHaveLength(1);
    const [session] = [...peer.sessions.values()];
    expect(peer.sessions.size).toBe(1);
    expect(session).toMatchObject({ amount_total: 500, currency: 'usd', payment_status: 'paid' });
    expect(creates[0]!.body).toMatchObject({
      line_items: [{ price_data: { unit_amount: '500', currency: 'usd' } }],
    });
    expect(peer.deliveries.map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200]]);
  }, 300_000);
});
