import type { AdminAccount, AdminBloom, AdminChat, AuditEvent } from '@greenhouse/contracts';

/** An account as GET /accounts shows it: a confirmed, active user unless told otherwise. */
export function adminAccount(overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    id: 'a1',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    role: { name: 'user' },
    language: 'en',
    active: true,
    emailConfirmed: true,
    hasPassword: true,
    prompts: { limit: 50, used: 4, renewalDays: 30, nextRenewalAt: null },
    createdAt: '2026-11-02T09:15:00.000Z',
    lastSeenAt: null,
    approvedAt: null,
    deactivatedAt: null,
    pending: false,
    promptSettings: { limit: 0, renewalDays: 0 },
    agents: 2,
    chats: 5,
    ...overrides,
  };
}

export function adminBloom(overrides: Partial<AdminBloom> = {}): AdminBloom {
  return {
    id: 'b1',
    name: 'Lighthouse',
    owner: { id: 'a1', email: 'grace@example.com' },
    stage: { name: 'training_pretraining', status: 'processing' },
    status: 'processing',
    payment: { status: 'paid' },
    failure: null,
    createdAt: '2026-11-02T09:15:00.000Z',
    updatedAt: '2026-11-02T09:20:00.000Z',
    ...overrides,
  };
}

export function adminChat(overrides: Partial<AdminChat> = {}): AdminChat {
  return {
    id: 'c1',
    title: 'A lighthouse keeper',
    mode: 'guided',
    state: 'open',
    bloomId: null,
    createdAt: '2026-11-03T08:00:00.000Z',
    updatedAt: '2026-11-04T17:30:00.000Z',
    ...overrides,
  };
}

export function auditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 'e1',
    action: 'account.updated',
    actor: { id: 'u1', email: 'ada@example.com' },
    target: { type: 'account', id: 'a1', label: 'grace@example.com' },
    changes: { active: { from: false, to: true } },
    createdAt: '2026-11-03T10:00:00.000Z',
    ...overrides,
  };
}
