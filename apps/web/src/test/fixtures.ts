import {
  bloomStageNames,
  type Bloom,
  type BloomStage,
  type BloomStageName,
  type RuntimeConfig,
  type User,
} from '@greenhouse/contracts';

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

/** One pipeline stage, pending unless told otherwise. */
export function testStage(name: BloomStageName, overrides: Partial<BloomStage> = {}): BloomStage {
  return {
    name,
    status: 'pending',
    progress: null,
    metrics: null,
    startedAt: null,
    completedAt: null,
    ...overrides,
  };
}

/** The seven stages in order, each with `status` unless `overrides` says otherwise for its name. */
export function testStages(
  status: BloomStage['status'] = 'pending',
  overrides: Partial<Record<BloomStageName, Partial<BloomStage>>> = {},
): BloomStage[] {
  return bloomStageNames.map((name) => testStage(name, { status, ...overrides[name] }));
}

/** An agent as GET /blooms/{id} answers it: freshly uploaded, not paid, its stages pending. */
export function testBloom(overrides: Partial<Bloom> = {}): Bloom {
  return {
    id: 'b1',
    name: 'Helper',
    createdAt: '2025-09-12T06:57:00.000Z',
    updatedAt: '2025-09-13T07:04:00.000Z',
    completedAt: null,
    downloadURL: null,
    dataset: { name: 'helper_data.json', status: 'ready', stage: null, model: { status: 'pending' } },
    stages: testStages(),
    payment: { status: 'not_initialized', amountCents: 0, currency: 'usd' },
    protocolVersion: 1,
    summary: null,
    trainingLine: null,
    currentVersion: 1,
    versions: [],
    ...overrides,
  };
}

/** A finished agent: every stage completed, the model trained and its JSON downloadable. */
export function trainedBloom(overrides: Partial<Bloom> = {}): Bloom {
  return testBloom({
    completedAt: '2025-09-13T07:04:00.000Z',
    downloadURL: 'http://api.test/api/blooms/b1/download',
    dataset: { name: 'helper_data.json', status: 'ready', stage: null, model: { status: 'completed' } },
    stages: testStages('completed'),
    payment: { status: 'paid', amountCents: 0, currency: 'usd' },
    ...overrides,
  });
}

/** A JSON Response as the API would send it. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
