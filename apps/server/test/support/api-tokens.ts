import { createdApiTokenSchema, type CreatedApiToken } from '@greenhouse/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SessionClient } from './session-client.js';

/** A new personal API token of the client's user (POST /account/tokens), as created. */
export async function newToken(
  client: SessionClient,
  name = 'CI',
  expiresInDays = 30,
): Promise<CreatedApiToken> {
  const res = await client.post('/api/account/tokens', { name, expiresInDays });
  expect(res.status, res.text).toBe(201);
  return createdApiTokenSchema.parse(res.body);
}

/** An API client with nothing but the token: no cookies, no CSRF header. */
export function bearerClient(app: FastifyInstance, token: string): SessionClient {
  const client = new SessionClient(app);
  client.headers.authorization = `Bearer ${token}`;
  return client;
}
