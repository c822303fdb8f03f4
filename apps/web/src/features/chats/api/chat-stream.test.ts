import { describe, expect, it, vi } from 'vitest';
import { completeDraft, testChat, testMessage } from '../../../test/chat-fixtures';
import {
  applyChatStreamEvent,
  openChatStream,
  parseChatStreamEvent,
  type EventSourceLike,
} from './chat-stream';

/** A scripted EventSource: the test emits named events and errors. */
class FakeEventSource implements EventSourceLike {
  readyState = 1;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: string, data: unknown) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const listener of this.listeners.get(type) ?? []) listener({ data: text } as MessageEvent<string>);
  }

  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function open() {
  let source!: FakeEventSource;
  const onEvent = vi.fn();
  const onBroken = vi.fn();
  const close = openChatStream('http://api.test/api/bloom/chats/c1/stream', { onEvent, onBroken }, (url) => {
    source = new FakeEventSource(url);
    return source;
  });
  return { source, onEvent, onBroken, close };
}

const answering = () =>
  testChat({
    answering: true,
    messages: [testMessage(), testMessage({ id: 'm2', role: 'assistant', content: '', status: 'answering' })],
  });

describe('parseChatStreamEvent', () => {
  it('checks each event’s data with the contracts’ schema', () => {
    expect(parseChatStreamEvent('text', '{"messageId":"m2","content":"Hi"}')).toEqual({
      type: 'text',
      messageId: 'm2',
      content: 'Hi',
    });
    expect(parseChatStreamEvent('draft', JSON.stringify({ draft: completeDraft() }))).toEqual({
      type: 'draft',
      draft: completeDraft(),
    });
    expect(parseChatStreamEvent('done', JSON.stringify({ chat: testChat() }))).toEqual({
      type: 'done',
      chat: testChat(),
    });
  });

  it('refuses data that is not JSON or not of the event’s shape', () => {
    expect(parseChatStreamEvent('text', 'Hi')).toBeNull();
    expect(parseChatStreamEvent('text', '{"content":"Hi"}')).toBeNull();
    expect(parseChatStreamEvent('done', '{"chat":{"id":"c1"}}')).toBeNull();
  });
});

describe('applyChatStreamEvent', () => {
  it('replaces the answer’s text with the whole text so far', () => {
    let chat = answering();
    chat = applyChatStreamEvent(chat, { type: 'text', messageId: 'm2', content: 'What should' });
    chat = applyChatStreamEvent(chat, {
      type: 'text',
      messageId: 'm2',
      content: 'What should it be called?',
    });
    expect(chat.messages.map((m) => m.content)).toEqual([
      'A barista who takes coffee orders',
      'What should it be called?',
    ]);
    expect(chat.answering).toBe(true);
  });

  it('adds an answer it does not have yet, as being written', () => {
    const chat = applyChatStreamEvent(testChat({ messages: [testMessage()] }), {
      type: 'text',
      messageId: 'm9',
      content: 'Hello',
    });
    expect(chat.messages.at(-1)).toMatchObject({
      id: 'm9',
      role: 'assistant',
      content: 'Hello',
      status: 'answering',
    });
  });

  it('takes the draft of a draft event, and the whole chat of done', () => {
    const draft = completeDraft();
    expect(applyChatStreamEvent(answering(), { type: 'draft', draft }).draft).toEqual(draft);
    const finished = testChat({ title: 'Barista' });
    expect(applyChatStreamEvent(answering(), { type: 'done', chat: finished })).toBe(finished);
  });
});

describe('openChatStream', () => {
  it('hands over each checked event and closes itself at done', () => {
    const { source, onEvent, onBroken } = open();
    expect(source.url).toBe('http://api.test/api/bloom/chats/c1/stream');
    source.emit('text', { messageId: 'm2', content: 'Wha' });
    source.emit('draft', { draft: completeDraft() });
    source.emit('done', { chat: testChat() });
    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual(['text', 'draft', 'done']);
    expect(source.closed).toBe(true);
    // Nothing after done.
    source.emit('text', { messageId: 'm2', content: 'late' });
    expect(onEvent).toHaveBeenCalledTimes(3);
    expect(onBroken).not.toHaveBeenCalled();
  });

  it('gives up on an event it cannot read', () => {
    const { source, onEvent, onBroken } = open();
    source.emit('text', 'not json');
    expect(onEvent).not.toHaveBeenCalled();
    expect(onBroken).toHaveBeenCalledOnce();
    expect(source.closed).toBe(true);
  });

  it('lets the browser reconnect a dropped connection, and reports one it gave up on', () => {
    const { source, onBroken } = open();
    source.fail(0); // CONNECTING: the browser tries again by itself
    expect(onBroken).not.toHaveBeenCalled();
    source.fail(2); // CLOSED: refused (e.g. 404) or not an event stream
    expect(onBroken).toHaveBeenCalledOnce();
  });

  it('closes when asked, and then reports nothing', () => {
    const { source, onEvent, onBroken, close } = open();
    close();
    expect(source.closed).toBe(true);
    source.emit('text', { messageId: 'm2', content: 'Hi' });
    source.fail(2);
    expect(onEvent).not.toHaveBeenCalled();
    expect(onBroken).not.toHaveBeenCalled();
  });
});
