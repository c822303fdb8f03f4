// The training line's estimate in the browser (issue 32): a user's second agent waits for the whole of their
// first (round-robin by owner), so its turn is as far away as the first's training left, not a slice per agent
// ahead ("1 agent ahead · about 1 sec." two minutes before its turn, on the code this replaced). On an app of
// its own (one training at a time, one thread, the default models, short slices), the waiting agent's page is
// read every second, in English and then in Polish: every estimate it shows is at most a minute short of the
// true wait, and the first one not short by half.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../apps/web/src/locales/en.js';
import { pl } from '../apps/web/src/locales/pl.js';
import { signIn } from './support/accounts.js';
import { exampleFile } from './support/agents.js';
import { hasBrowser, screenshot, useBrowser } from './support/browser.js';
import { apiCall, setLanguage } from './support/chats.js';
import { startOwnApp, type OwnApp } from './support/own-app.js';

const owner = {
  email: 'liner@greenhouse.test',
  password: 'Liner#Greenhouse1',
  firstName: 'Lina',
  lastName: 'Liner',
};

/** Seconds in a shown estimate ("Its turn in about 2 min." / "Jego kolej za ok. 41 sek."), null for none. */
function shownSeconds(text: string): number | null {
  const m = /(\d+)\s*(sec|sek|min|hr|godz)/.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return m[2]!.startsWith('s') ? n : m[2] === 'min' ? n * 60 : n * 3600;
}

interface Observation {
  at: number;
  text: string;
  seconds: number | null;
}

describe.skipIf(!hasBrowser)('the training line in the browser', () => {
  const newPage = useBrowser();
  let app: OwnApp;

  beforeAll(async () => {
    app = await startOwnApp(
      {
        TRAINING_PRESET: 'default',
        TRAINING_CONCURRENCY: '1',
        TRAINING_THREADS: '1',
        JOB_SLICE_SECONDS: '5',
        JOB_LEASE_SECONDS: '30',
      },
      [owner],
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  it(
    'estimates a waiting agent’s turn from the training ahead of it, never a minute short (en, pl)',
    { timeout: 300_000 },
    async () => {
      const page = await newPage({ width: 1280, height: 800 }, { baseURL: app.url });
      const context = page.context();
      await signIn(context, owner.email, owner.password);
      await apiCall(context, 'GET', '/api/account/data'); // the XSRF cookie
      const upload = async (name: string, file: string) => {
        const res = await context.request.post('/api/bloom/upload', {
          headers: { 'X-XSRF-TOKEN': (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value },
          multipart: {
            name,
            file: {
              name: path.basename(file),
              mimeType: 'application/json',
              buffer: readFileSync(file),
            },
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as { id: string }).id;
      };
      const bloom = async (id: string) =>
        (await apiCall(context, 'GET', `/api/blooms/${id}`)).body as {
          stages: { name: string; status: string }[];
          trainingLine: { ahead: number; etaSeconds: number | null } | null;
        };
      const trainingStarted = async (id: string) =>
        (await bloom(id)).stages.some((s) => s.name.startsWith('training_') && s.status !== 'pending');

      // The first: half a minute or so of training here.
      const first = await upload('First', exampleFile('lighthouse_2_0_1.json'));
      await expect.poll(() => trainingStarted(first), { timeout: 30_000 }).toBe(true);
      const second = await upload('Second', exampleFile('lighthouse_2_0_1.json'));

      await page.goto(`/agent/${second}`);
      let card = page.getByRole('region', { name: en.trainingLine.label });
      await card.waitFor({ timeout: 30_000 });
      await screenshot(page, 'training-line-en');
      const seen: Observation[] = [];
      let polish = false;
      for (;;) {
        if (await trainingStarted(second)) break;
        const text = (await card.textContent({ timeout: 1_000 }).catch(() => null)) ?? '';
        if (text) seen.push({ at: Date.now(), text, seconds: shownSeconds(text) });
        // After a few readings, the same page in Polish.
        if (!polish && seen.length >= 5) {
          polish = true;
          await setLanguage(context, 'pl');
          await page.reload();
          card = page.getByRole('region', { name: pl.trainingLine.label });
          await card.waitFor();
          await screenshot(page, 'training-line-pl');
        }
        await page.waitForTimeout(1_000);
      }
      const started = Date.now();

      const log = JSON.stringify(seen.map((o) => [Math.round((started - o.at) / 1000), o.text]));
      const numbers = seen.filter((o) => o.seconds !== null);
      expect(numbers.length, log).toBeGreaterThan(0);
      for (const o of numbers) {
        const wait = (started - o.at) / 1000;
        expect(
          o.seconds!,
          `shown “${o.text}” ${wait.toFixed(0)} s before the turn: ${log}`,
        ).toBeGreaterThanOrEqual(wait - 60);
      }
      const firstNumber = numbers[0]!;
      expect(firstNumber.seconds!, log).toBeGreaterThanOrEqual((started - firstNumber.at) / 1000 / 2);
      expect(
        seen.some((o) => o.text.startsWith('1 agent przed twoim') && /Jego kolej/.test(o.text)),
        log,
      ).toBe(true);
    },
  );
});
