import { describe, expect, it } from 'vitest';
import { isAnyChatAnswering } from './chats';

const chat = (answering: boolean) => ({ id: 'c', title: 't', answering, updatedAt: '2025-01-01T00:00:00Z' });

describe('isAnyChatAnswering (chat list polling)', () => {
  it('is true when any loaded chat on any page is answering', () => {
    expect(
      isAnyChatAnswering([
        { chats: [chat(false)], total: 2 },
        { chats: [chat(true)], total: 2 },
      ]),
    ).toBe(true);
  });

  it('is false when none is, or nothing is loaded', () => {
    expect(isAnyChatAnswering([{ chats: [chat(false), chat(false)], total: 2 }])).toBe(false);
    expect(isAnyChatAnswering(undefined)).toBe(false);
  });
});
