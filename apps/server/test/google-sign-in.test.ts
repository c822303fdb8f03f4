import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcPeer, type OidcPeer } from './support/oidc-peer.js';
import { SessionClient } from './support/session-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Google sign-in against a real local OpenID provider (oidc-provider), through openid-client.
const APP_URL = 'http://greenhouse.test:3000';
let peer: OidcPeer;
let t: TestApp;

beforeAll(async () => {
  peer = await startOidcPeer(`${APP_URL}/auth/sso/google`);
  t = await createTestApp({
    env: {
      APP_URL,
      GOOGLE_CLIENT_ID: peer.clientId,
      GOOGLE_CLIENT_SECRET: peer.clientSecret,
      GOOGLE_ISSUER: peer.issuer,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

async function startSignIn(c: SessionClient) {
  const res = await c.get('/api/auth/sso/google/url');
  expect(res.status).toBe(200);
  const url = new URL(res.body.url);
  expect(url.origin).toBe(peer.issuer);
  // The authorization request carries state, nonce and an S256 PKCE challenge.
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('code_challenge')).toBeTruthy();
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/auth/sso/google`);
  const back = await peer.authorize(url.href);
  return {
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    iss: back.searchParams.get('iss') ?? undefined,
  };
}

describe('Google sign-in (OpenID Connect)', () => {
  it('is announced in /config.json when configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.json().googleSignIn).toBe(true);
  });

  it('signs a new person in, creating a confirmed account from the ID token', async () => {
    peer.account = {
      sub: 'g-new-1',
      email: 'grace@example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    };
    const c = await new SessionClient(t.app).prime();
    const callback = await startSignIn(c);
    const res = await c.post('/api/auth/sso/google/callback', callback);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      hasPassword: false,
      emailConfirmed: true,
    });
    expect((await c.get('/api/account/data')).body.email).toBe('grace@example.com');

    // The same Google account next time: the same user.
    const again = await new SessionClient(t.app).prime();
    const second = await again.post('/api/auth/sso/google/callback', await startSignIn(again));
    expect(second.body.id).toBe(res.body.id);
  });

  it('refuses a replayed callback', async () => {
    peer.account = {
      sub: 'g-replay',
      email: 'replay@example.com',
      email_verified: true,
      given_name: 'Re',
      family_name: 'Play',
    };
    const c = await new SessionClient(t.app).prime();
    const callback = await startSignIn(c);
    expect((await c.post('/api/auth/sso/google/callback', callback)).status).toBe(200);
    const replay = await c.post('/api/auth/sso/google/callback', callback);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('authorization.sso_invalid_state');
  });

  it('refuses a forged or missing state, and a forged code', async () => {
    const c = await new SessionClient(t.app).prime();
    const callback = await startSignIn(c);
    const forged = await c.post('/api/auth/sso/google/callback', {
      ...callback,
      state: 'forged-state-value',
    });
    expect(forged.body.code).toBe('authorization.sso_invalid_state');
    const missing = await c.post('/api/auth/sso/google/callback', { code: callback.code });
    expect(missing.body).toMatchObject({
      code: 'authorization.sso_invalid_state',
      params: { field: 'state' },
    });
    const badCode = await c.post('/api/auth/sso/google/callback', { ...callback, code: 'not-the-code' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.code).toBe('authorization.sso_invalid_code');
    expect((await c.get('/api/account/data')).status).toBe(401);
  });

  it('never takes over a password account with the same e-mail address', async () => {
    const c = await new SessionClient(t.app).prime();
    await c.post('/api/auth/signup', {
      email: 'owner@example.com',
      password: 'Garden#2026',
      firstName: 'O',
      lastName: 'W',
    });
    peer.account = {
      sub: 'g-takeover',
      email: 'Owner@Example.com',
      email_verified: true,
      given_name: 'Mal',
      family_name: 'Lory',
    };
    const attempt = await c.post('/api/auth/sso/google/callback', await startSignIn(c));
    expect(attempt.status).toBe(409);
    expect(attempt.body.code).toBe('authorization.account_already_registered_with_email');
    expect((await c.get('/api/account/data')).status).toBe(401);
  });

  it('refuses an unverified Google e-mail address', async () => {
    peer.account = { sub: 'g-unverified', email: 'unverified@example.com', email_verified: false };
    const c = await new SessionClient(t.app).prime();
    const res = await c.post('/api/auth/sso/google/callback', await startSignIn(c));
    expect(res.body.code).toBe('authorization.failed_to_get_user_data');
  });
});

describe('without Google configured', () => {
  it('hides the button and refuses the calls', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/config.json' })).json().googleSignIn).toBe(
        false,
      );
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/sso/google/url' })).statusCode).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });
});
