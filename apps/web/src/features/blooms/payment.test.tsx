import type { Bloom, PaymentStatus } from '@greenhouse/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import {
  apiCalls,
  apiErrorResponse,
  renderApp,
  setApi,
  setUpAppHarness,
  signedInAs,
} from '../../test/app-harness';
import { jsonResponse, testBloom, testStages, testUser } from '../../test/fixtures';
import { BLOOM_POLL_MS, bloomPollInterval, bloomQueryKey } from './api/blooms';

setUpAppHarness();

const CHECKOUT_URL = 'https://checkout.test/c/pay/cs_test_1';

const priced = (status: PaymentStatus, overrides: Partial<Bloom> = {}) =>
  testBloom({ payment: { status, amountCents: 500, currency: 'usd' }, ...overrides });

type Route = (url: URL, init: RequestInit) => Response | undefined;

/** Serves GET /blooms/{id} with `answer()` (per request), the agent in the sidebar's list, and `more`. */
function serveBloom(answer: () => Bloom, more: Route = () => undefined, user = testUser()) {
  setApi(
    signedInAs(user, (url, init) => {
      const extra = more(url, init);
      if (extra) return extra;
      const bloom = answer();
      if (url.pathname.endsWith(`/blooms/${bloom.id}`) && (init.method ?? 'GET') === 'GET')
        return jsonResponse(bloom);
      if (url.pathname.endsWith('/blooms')) return jsonResponse({ blooms: [bloom], total: 1 });
      return undefined;
    }),
  );
}

const payButton = () => screen.queryByRole('button', { name: 'Pay and train' });

/** The cost card: the one with "Total Cost". */
const costCard = () => screen.getByText(/^Total Cost:/).closest('.cost-card') as HTMLElement;

describe('paying for an agent', () => {
  it.each([
    ['not_initialized', 'Training starts once the agent is paid for.'],
    ['expired', 'The checkout expired before the payment was made. You can pay again.'],
    ['failed', 'The payment did not go through. You can pay again.'],
  ] as const)(
    'offers "Pay and train" while the payment is %s, with the price and why',
    async (status, note) => {
      serveBloom(() => priced(status));
      renderApp('/agent/b1');
      expect(await screen.findByRole('button', { name: 'Pay and train' })).toBeTruthy();
      const card = costCard();
      expect(within(card).getByText('Total Cost: $5')).toBeTruthy();
      expect(within(card).getByText(note)).toBeTruthy();
      expect(within(card).getByText(note).getAttribute('aria-live')).toBe('polite');
    },
  );

  it.each([
    ['paid', 'Paid', null],
    ['pending', 'Pending', 'Waiting for the payment to be confirmed. This page updates by itself.'],
    ['processing', 'Processing', 'The payment is being confirmed. Training starts as soon as it is.'],
  ] as const)('does not offer "Pay and train" when the payment is %s', async (status, pill, note) => {
    serveBloom(() => priced(status));
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    const card = costCard();
    expect(within(card).getByText(pill)).toBeTruthy();
    expect(payButton()).toBeNull();
    if (note) expect(within(card).getByText(note)).toBeTruthy();
    // Pending: the checkout was left unfinished; the way back to it is offered.
    expect(within(card).queryByRole('button', { name: 'Return to checkout' }) !== null).toBe(
      status === 'pending',
    );
  });

  it('does not offer to pay for a free agent', async () => {
    serveBloom(() => testBloom());
    renderApp('/agent/b1');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    expect(within(costCard()).getByText('Total Cost: $0')).toBeTruthy();
    expect(payButton()).toBeNull();
  });

  it('formats the price in the UI’s language, with the status in words', async () => {
    await i18n.changeLanguage('pl');
    // The UI follows the account's language.
    serveBloom(
      () => testBloom({ payment: { status: 'expired', amountCents: 1250, currency: 'pln' } }),
      () => undefined,
      testUser({ language: 'pl' }),
    );
    renderApp('/agent/b1');
    expect(await screen.findByRole('button', { name: 'Zapłać i trenuj' })).toBeTruthy();
    const label = screen.getByText(/^Łączny koszt:/);
    expect(label.textContent).toBe(
      `Łączny koszt: ${new Intl.NumberFormat('pl', { style: 'currency', currency: 'PLN' }).format(12.5)}`,
    );
    expect(screen.getByText('Wygasło')).toBeTruthy();
    expect(screen.getByText('Sesja płatności wygasła przed zapłatą. Możesz zapłacić ponownie.')).toBeTruthy();
  });

  it('asks for a checkout session and sends the browser to it', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    serveBloom(
      () => priced('not_initialized'),
      (url) => (url.pathname.endsWith('/payment/bloom/b1') ? jsonResponse({ url: CHECKOUT_URL }) : undefined),
    );
    renderApp('/agent/b1');
    const button = await screen.findByRole('button', { name: 'Pay and train' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(apiCalls('GET', '/payment/bloom/b1')).toHaveLength(1);
    // Busy until the page goes: no second checkout from a double click.
    const busy = screen.getByRole('button', { name: 'Opening the checkout…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
  });

  it('goes back to a new checkout from a pending payment', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    serveBloom(
      () => priced('pending'),
      (url) => (url.pathname.endsWith('/payment/bloom/b1') ? jsonResponse({ url: CHECKOUT_URL }) : undefined),
    );
    renderApp('/agent/b1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Return to checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it('shows why the checkout could not be opened, and fetches the agent again when it is already paid', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let paid = false;
    serveBloom(
      () => priced(paid ? 'paid' : 'failed'),
      (url) => {
        if (!url.pathname.endsWith('/payment/bloom/b1')) return undefined;
        paid = true;
        return apiErrorResponse('payment.already_paid', 409);
      },
    );
    renderApp('/agent/b1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay and train' }));
    const error = await screen.findByText('This agent is already paid for.');
    expect(error.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(within(costCard()).getByText('Paid')).toBeTruthy());
    expect(payButton()).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('back from the checkout (?payment=success)', () => {
  it('refreshes the payment once, shows the answer, says so and drops the parameter', async () => {
    let refreshed = false;
    serveBloom(
      () => priced(refreshed ? 'paid' : 'pending', { id: 'b2' }),
      (url, init) => {
        if (!(url.pathname.endsWith('/payment/bloom/b2/refresh') && init.method === 'POST')) return undefined;
        refreshed = true;
        return jsonResponse(
          priced('paid', {
            id: 'b2',
            stages: testStages('pending', { data_preparation_stage_1: { status: 'processing' } }),
          }),
        );
      },
    );
    const router = renderApp('/agent/b2?payment=success');
    expect(await screen.findByText('Payment received. Training has started.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/agent/b2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(apiCalls('POST', '/payment/bloom/b2/refresh')).toHaveLength(1);
    expect(queryClient.getQueryData<Bloom>(bloomQueryKey('b2'))?.payment.status).toBe('paid');
    expect(within(costCard()).getByText('Paid')).toBeTruthy();
    // The sidebar's row (closed, but there) follows: paid, a stage running → In Progress
    // (docs/product-rules.md §4).
    const row = await screen.findByRole('link', { name: /Helper/, hidden: true });
    await waitFor(() => expect(within(row).getByText('In Progress')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apiCalls('POST', '/payment/bloom/b2/refresh')).toHaveLength(1);
  });

  it('says the payment is being confirmed when the provider has not settled it yet', async () => {
    serveBloom(
      () => priced('pending', { id: 'b3' }),
      (url, init) =>
        url.pathname.endsWith('/payment/bloom/b3/refresh') && init.method === 'POST'
          ? jsonResponse(priced('processing', { id: 'b3' }))
          : undefined,
    );
    const router = renderApp('/agent/b3?payment=success');
    expect(
      await screen.findByText('Thank you! Your payment is being confirmed; training starts once it is.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('ignores an agent without a checkout session quietly', async () => {
    serveBloom(
      () => priced('not_initialized', { id: 'b4' }),
      (url, init) =>
        url.pathname.endsWith('/payment/bloom/b4/refresh') && init.method === 'POST'
          ? apiErrorResponse('payment.not_initialized', 409)
          : undefined,
    );
    const router = renderApp('/agent/b4?payment=success');
    expect(await screen.findByRole('button', { name: 'Pay and train' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(apiCalls('POST', '/payment/bloom/b4/refresh')).toHaveLength(1);
    // No toast, no error.
    expect(document.querySelectorAll('.toast')).toHaveLength(0);
    expect(document.querySelector('.cost-card__error')).toBeNull();
  });

  it('does not call refresh without the parameter', async () => {
    serveBloom(() => priced('pending', { id: 'b5' }));
    renderApp('/agent/b5');
    await screen.findByRole('heading', { level: 1, name: 'Helper' });
    expect(apiCalls('POST', '/payment/bloom/b5/refresh')).toHaveLength(0);
  });
});

describe('polling while the payment is confirmed', () => {
  const waiting = (status: PaymentStatus) =>
    priced(status, {
      stages: testStages('pending', {
        data_preparation_stage_1: { status: 'completed' },
        data_preparation_stage_2: { status: 'completed' },
        data_validation: { status: 'completed' },
      }),
    });

  it.each(['pending', 'processing'] as const)('polls while the payment is %s', (status) => {
    expect(bloomPollInterval(waiting(status), null)).toBe(BLOOM_POLL_MS);
  });

  it.each(['not_initialized', 'expired', 'failed'] as const)(
    'does not poll an unpaid (%s) agent with nothing left to run before the payment',
    (status) => {
      expect(bloomPollInterval(waiting(status), null)).toBe(false);
    },
  );

  it('polls an unpaid agent while its data stages run, and a paid one until it is trained', () => {
    expect(bloomPollInterval(priced('not_initialized'), null)).toBe(BLOOM_POLL_MS);
    expect(bloomPollInterval(waiting('paid'), null)).toBe(BLOOM_POLL_MS);
    expect(bloomPollInterval(priced('paid', { stages: testStages('completed') }), null)).toBe(false);
  });

  it('updates the page when the payment goes through while it is open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let bloom = waiting('pending');
    serveBloom(() => bloom);
    renderApp('/agent/b1');
    await screen.findByText(/^Total Cost:/);
    expect(within(costCard()).getByText('Pending')).toBeTruthy();
    bloom = waiting('paid');
    act(() => vi.advanceTimersByTime(BLOOM_POLL_MS));
    await waitFor(() => expect(within(costCard()).getByText('Paid')).toBeTruthy());
  });
});
