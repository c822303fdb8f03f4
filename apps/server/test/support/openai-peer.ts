// A local OpenAI-compatible chat-completions server with scripted answers, for the model designer's
// tests: the server under test talks to it through the real `openai` SDK over HTTP. Each request takes
// the next scripted answer; every request body is recorded.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedAnswer =
  /** A streamed answer: text in pieces, then tool calls (name + JSON arguments), each as chunks. */
  | { text?: string[]; toolCalls?: { name: string; arguments: string }[]; delayMs?: number }
  /** An HTTP error. */
  | { status: number; body: unknown }
  /** A 200 whose body is not what the API returns. */
  | { malformed: string }
  /** Never answers (the client's timeout ends it). */
  | { hang: true };

export interface OpenAiPeer {
  baseUrl: string;
  /** The request bodies received, in order. */
  requests: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string | null; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
  }[];
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function streamAnswer(res: ServerResponse, answer: Extract<ScriptedAnswer, { text?: string[] }>) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk({ role: 'assistant', content: '' }));
  for (const piece of answer.text ?? []) {
    if (answer.delayMs) await sleep(answer.delayMs);
    res.write(chunk({ content: piece }));
  }
  (answer.toolCalls ?? []).forEach((call, index) => {
    // Arguments split in two chunks, as real servers stream them.
    const half = Math.floor(call.arguments.length / 2);
    res.write(
      chunk({
        tool_calls: [
          {
            index,
            id: `call_${index}`,
            type: 'function',
            function: { name: call.name, arguments: call.arguments.slice(0, half) },
          },
        ],
      }),
    );
    res.write(chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] }));
  });
  res.write(chunk({}, answer.toolCalls?.length ? 'tool_calls' : 'stop'));
  res.end('data: [DONE]\n\n');
}

/** The environment of an app whose chat designer is a model answered by `peer` (1 s per call). */
export const modelDesignerEnv = (peer: Pick<OpenAiPeer, 'baseUrl'>) => ({
  LLM_BASE_URL: peer.baseUrl,
  LLM_API_KEY: 'test-key',
  LLM_MODEL: 'test-model',
  LLM_TIMEOUT_SECONDS: '1',
});

export async function startOpenAiPeer(): Promise<OpenAiPeer> {
  const queue: ScriptedAnswer[] = [];
  const requests: OpenAiPeer['requests'] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      requests.push(JSON.parse(body) as OpenAiPeer['requests'][number]);
      const answer = queue.shift();
      if (!answer) {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"error":{"message":"no scripted answer"}}');
        return;
      }
      if ('hang' in answer) {
        open.add(res);
        return;
      }
      if ('status' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        return;
      }
      if ('malformed' in answer) {
        res.writeHead(200, { 'content-type': 'text/event-stream' }).end(answer.malformed);
        return;
      }
      void streamAnswer(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
