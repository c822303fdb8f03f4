import type { Bloom, RuntimeConfig, User } from '@greenhouse/contracts';

export const testConfig: RuntimeConfig = {
  version: '1.0.0',
  databiomesAPI: 'http://api.test/api',
  authTokenName: 'gh_session',
  googleSignIn: true,
};

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    role: { name: 'user' },
    language: 'en',
    active: true,
    emailConfirmed: true,
    hasPassword: true,
    prompts: { limit: 10, used: 3, renewalDays: 30, nextRenewalAt: null },
    ...overrides,
  };
}

/** A user with the given prompt allowance. */
export function userWithPrompts(
  prompts: Pick<User['prompts'], 'limit' | 'used' | 'nextRenewalAt'>,
  role: User['role']['name'] = 'user',
): User {
  return testUser({ role: { name: role }, prompts: { renewalDays: 30, ...prompts } });
}

export function testBloom(overrides: Partial<Bloom> = {}): Bloom {
  return {
    id: 'b1',
    name: 'Helper',
    createdAt: '2025-09-12T06:57:00.000Z',
    updatedAt: '2025-09-13T07:04:00.000Z',
    downloadURL: null,
    dataset: { name: 'helper_data', status: 'ready', stage: null, model: { status: 'pending' } },
    stages: [],
    payment: { status: 'not_initialized' },
    ...overrides,
  };
}

/** A JSON Response as the API would send it. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
