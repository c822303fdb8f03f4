import type { ChatDetail, ChatMessage } from '@greenhouse/contracts';
import { emptyDraft, type BloomDraft } from '@greenhouse/mtp';

/** A draft with nothing missing: a name, a description, one reaction with three examples. */
export function completeDraft(overrides: Partial<BloomDraft> = {}): BloomDraft {
  return {
    name: 'Barista',
    description: 'A friendly barista who takes coffee orders from customers.',
    context: ['The café opens at eight.'],
    reactions: [{ name: 'Order', description: 'Someone orders a drink.' }],
    instructions: [
      {
        name: 'talk',
        samples: [
          { input: 'A latte please', output: 'One latte coming up!', reaction: 'Order' },
          { input: 'Can I get an espresso?', output: 'Sure, one espresso.', reaction: 'Order' },
          { input: 'Two cappuccinos', output: 'Two cappuccinos, right away.', reaction: 'Order' },
        ],
      },
    ],
    guardrail: null,
    ...overrides,
  };
}

export function testMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'm1',
    role: 'user',
    content: 'A barista who takes coffee orders',
    status: 'complete',
    createdAt: '2025-09-12T06:57:00.000Z',
    ...overrides,
  };
}

/** A chat as GET /bloom/chats/{id} answers it: one message and its answer, not answering, open. */
export function testChat(overrides: Partial<ChatDetail> = {}): ChatDetail {
  return {
    id: 'c1',
    title: 'Coffee helper',
    answering: false,
    updatedAt: '2025-09-12T06:58:00.000Z',
    mode: 'guided',
    closed: false,
    bloomId: null,
    draft: { ...emptyDraft(), description: 'A barista who takes coffee orders' },
    messages: [
      testMessage(),
      testMessage({ id: 'm2', role: 'assistant', content: 'What should the agent be **called**?' }),
    ],
    ...overrides,
  };
}
