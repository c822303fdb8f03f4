import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiCalls,
  apiErrorResponse,
  notSignedIn,
  renderApp,
  setApi,
  signedInAs,
  setUpAppHarness,
} from '../../test/app-harness';
import { jsonResponse, testUser } from '../../test/fixtures';

setUpAppHarness();

/** The alert banners on the screen (the toasts' alert region, always there, is not one). */
const alertBanners = () =>
  screen.queryAllByRole('alert').filter((element) => element.classList.contains('banner'));

const isCall = (url: URL, init: RequestInit, method: string, path: string) =>
  url.pathname.endsWith(path) && init.method === method;

describe('sign-up', () => {
  it('sends the form with the UI language, then says to check the inbox and can send the link again', async () => {
    let resends = 0;
    setApi((url, init) => {
      if (isCall(url, init, 'POST', '/auth/signup')) return jsonResponse({ email: 'new@example.com' }, 201);
      if (isCall(url, init, 'POST', '/auth/email/resend')) {
        resends += 1;
        return resends === 1
          ? jsonResponse({ email: 'new@example.com' }, 202)
          : apiErrorResponse('authorization.email_confirmation_token_already_sent', 429);
      }
      return notSignedIn();
    });
    renderApp('/auth/sign-up');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('Check your inbox: we sent a confirmation link to new@example.com'),
    ).toBeTruthy();
    expect(apiCalls('POST', '/auth/signup').map((call) => call.body)).toEqual([
      {
        email: 'new@example.com',
        password: 'Secret12!',
        firstName: 'Grace',
        lastName: 'Hopper',
        language: 'en',
      },
    ]);
    expect(screen.queryByLabelText('Password')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText(
        'Done. If new@example.com is waiting for confirmation, a new link is on its way.',
      ),
    ).toBeTruthy();
    expect(apiCalls('POST', '/auth/email/resend').map((call) => call.body)).toEqual([
      { email: 'new@example.com' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('A confirmation email was sent recently. Please try again later.'),
    ).toBeTruthy();
  });

  it('shows the password rules as the password field’s description', async () => {
    renderApp('/auth/sign-up');
    const password = await screen.findByLabelText('Password');
    const hintId = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe(
      '8–64 characters, with a lowercase and an uppercase letter, a digit and one of @ $ ! % * # ? &',
    );
  });

  it('puts a server error for a field on that field, and any other error in the alert region', async () => {
    let answer = () => apiErrorResponse('authorization.password_invalid', 400, { field: 'password' });
    setApi((url, init) => (isCall(url, init, 'POST', '/auth/signup') ? answer() : notSignedIn()));
    renderApp('/auth/sign-up');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText(
        'Password must contain a lowercase letter, an uppercase letter, a digit and one of @ $ ! % * # ? &.',
      ),
    ).toBeTruthy();
    expect(alertBanners()).toEqual([]);

    answer = () => apiErrorResponse('TOO_MANY_REQUESTS', 429);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(alertBanners().map((banner) => banner.textContent)).toEqual([
        'Too many requests. Please try again later.',
      ]),
    );
  });

  it('shows the form’s own errors only once a field is touched', async () => {
    renderApp('/auth/sign-up');
    const user = userEvent.setup();
    const firstName = await screen.findByLabelText('First name');
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.click(firstName);
    await user.tab();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(apiCalls('POST', '/auth/signup')).toEqual([]);
  });
});

describe('e-mail confirmation', () => {
  it('posts the token exactly once (StrictMode) and offers sign-in when confirmed', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/email/confirm')
        ? jsonResponse({ status: 'confirmed' })
        : notSignedIn(),
    );
    renderApp('/auth/email-confirmation?token=token-confirmed');
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeTruthy();
    expect(screen.getByText('Your email address is confirmed. You can now sign in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/sign-in');
    expect(apiCalls('POST', '/auth/email/confirm').map((call) => call.body)).toEqual([
      { token: 'token-confirmed' },
    ]);
  });

  it('says the account awaits approval', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/email/confirm')
        ? jsonResponse({ status: 'awaiting_approval' })
        : notSignedIn(),
    );
    renderApp('/auth/email-confirmation?token=token-awaiting');
    expect(
      await screen.findByText(
        'Account is under verification. You will receive an email when it is approved.',
      ),
    ).toBeTruthy();
    expect(apiCalls('POST', '/auth/email/confirm')).toHaveLength(1);
  });

  it('says a link used before is already confirmed, with the way to sign in and no new link', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/email/confirm')
        ? apiErrorResponse('CONFLICT', 409, { reason: 'email_already_confirmed' })
        : notSignedIn(),
    );
    renderApp('/auth/email-confirmation?token=token-used-before');
    expect(await screen.findByRole('heading', { name: 'Email already confirmed' })).toBeTruthy();
    expect(
      screen.getByText('This link was used before: your email address is already confirmed.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/sign-in');
    expect(screen.queryByText('This email confirmation link is not valid.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('shows a refused token and sends a new link to the address typed in', async () => {
    setApi((url, init) => {
      if (isCall(url, init, 'POST', '/auth/email/confirm')) {
        return apiErrorResponse('authorization.invalid_email_confirmation_token', 400);
      }
      if (isCall(url, init, 'POST', '/auth/email/resend'))
        return jsonResponse({ email: 'ada@example.com' }, 202);
      return notSignedIn();
    });
    renderApp('/auth/email-confirmation?token=token-used');
    expect(await screen.findByText('This email confirmation link is not valid.')).toBeTruthy();
    expect(apiCalls('POST', '/auth/email/confirm')).toHaveLength(1);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText(
        'Done. If ada@example.com is waiting for confirmation, a new link is on its way.',
      ),
    ).toBeTruthy();
    expect(apiCalls('POST', '/auth/email/resend').map((call) => call.body)).toEqual([
      { email: 'ada@example.com' },
    ]);
    expect(apiCalls('POST', '/auth/email/confirm')).toHaveLength(1);
  });

  it('posts nothing without a token and says the link is incomplete', async () => {
    renderApp('/auth/email-confirmation');
    expect(await screen.findByText('The confirmation link is incomplete: it has no code.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy();
    expect(apiCalls('POST', '/auth/email/confirm')).toEqual([]);
  });
});

describe('password reset', () => {
  it('without a token shows why and links to forgot-password, with no form', async () => {
    renderApp('/auth/password-reset');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
  });

  it('sends the new password with the link’s token and offers sign-in', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/password/reset/set')
        ? new Response(null, { status: 204 })
        : notSignedIn(),
    );
    renderApp('/auth/password-reset?token=reset-token');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Newpass1!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Newpass1!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(apiCalls('POST', '/auth/password/reset/set').map((call) => call.body)).toEqual([
      { password: 'Newpass1!', confirmPassword: 'Newpass1!', token: 'reset-token' },
    ]);
  });

  it('shows an expired link as an alert with a way to a new one', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/password/reset/set')
        ? apiErrorResponse('authorization.invalid_or_expired_password_reset_token', 400)
        : notSignedIn(),
    );
    renderApp('/auth/password-reset?token=old-token');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Newpass1!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Newpass1!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(alertBanners()).toHaveLength(1));
    const alert = alertBanners()[0]!;
    expect(within(alert).getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('asks for a reset link and answers the same for every address', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/password/reset')
        ? jsonResponse({ email: 'x@example.com' }, 202)
        : notSignedIn(),
    );
    renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'x@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'If an account exists for x@example.com, we sent a link to reset its password.',
      ),
    ).toBeTruthy();
  });
});

describe('sign-in with an unconfirmed address', () => {
  it('offers to send the confirmation e-mail again to the typed address', async () => {
    setApi((url, init) => {
      if (isCall(url, init, 'POST', '/auth/signin'))
        return apiErrorResponse('authorization.email_not_confirmed', 403);
      if (isCall(url, init, 'POST', '/auth/email/resend'))
        return jsonResponse({ email: 'ada@example.com' }, 202);
      return notSignedIn();
    });
    renderApp('/auth/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(
      await screen.findByText('Please confirm your email address first. Check your inbox for the link.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send the confirmation e-mail again' }));
    expect(
      await screen.findByText(
        'Done. If ada@example.com is waiting for confirmation, a new link is on its way.',
      ),
    ).toBeTruthy();
    expect(apiCalls('POST', '/auth/email/resend').map((call) => call.body)).toEqual([
      { email: 'ada@example.com' },
    ]);
  });
});

describe('Google sign-in callback', () => {
  it('posts the code once, stores the user and lands on new chat although it starts on an auth route', async () => {
    let signedIn = false;
    setApi((url, init) => {
      if (isCall(url, init, 'POST', '/auth/sso/google/callback')) {
        signedIn = true;
        return jsonResponse(testUser());
      }
      return signedIn ? signedInAs(testUser())(url, init) : notSignedIn();
    });
    const router = renderApp(
      '/auth/sso/google?code=code-1&state=state-1&iss=https%3A%2F%2Faccounts.google.com',
    );
    expect(await screen.findByRole('heading', { name: 'New chat', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat/new');
    expect(apiCalls('POST', '/auth/sso/google/callback').map((call) => call.body)).toEqual([
      { code: 'code-1', state: 'state-1', iss: 'https://accounts.google.com' },
    ]);
  });

  it('explains an address that already has a password account', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/sso/google/callback')
        ? apiErrorResponse('authorization.account_already_registered_with_email', 409)
        : notSignedIn(),
    );
    renderApp('/auth/sso/google?code=code-2&state=state-2');
    expect(
      await screen.findByText(
        'An account with this email already exists. Sign in with your email and password.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with your password' }).getAttribute('href')).toBe(
      '/auth/sign-in',
    );
  });

  it('shows an inactive account as information', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/sso/google/callback')
        ? apiErrorResponse('authorization.account_not_active', 403)
        : notSignedIn(),
    );
    renderApp('/auth/sso/google?code=code-3&state=state-3');
    expect(
      await screen.findByText(
        'Account is under verification. You will receive an email when it is approved.',
      ),
    ).toBeTruthy();
  });

  it('says Google sign-in is off when the server has it off, not "not found"', async () => {
    setApi((url, init) =>
      isCall(url, init, 'POST', '/auth/sso/google/callback')
        ? apiErrorResponse('NOT_FOUND', 404, { reason: 'sso_not_configured' })
        : notSignedIn(),
    );
    renderApp('/auth/sso/google?code=code-5&state=state-5');
    expect(await screen.findByRole('heading', { name: 'Google sign-in is off' })).toBeTruthy();
    expect(
      screen.getByText(
        'This Greenhouse server does not offer sign-in with Google. Sign in with your email and password.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The requested item was not found.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/auth/sign-in');
  });

  it('posts nothing when the user cancelled at Google', async () => {
    renderApp('/auth/sso/google?error=access_denied&state=state-4');
    expect(await screen.findByRole('heading', { name: 'Google sign-in cancelled' })).toBeTruthy();
    expect(apiCalls('POST', '/auth/sso/google/callback')).toEqual([]);
  });
});
