// A test app whose chat designer is a model answered by a local OpenAI-compatible peer, for a test file or
// a describe block: started before its tests, closed after them, the peer's requests cleared before each.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { modelDesignerEnv, startOpenAiPeer, type OpenAiPeer } from './openai-peer.js';
import { createTestApp, type TestApp } from './test-app.js';

/** Registers the hooks; `use` receives the app and its peer once they are up. */
export function withModelDesignerApp(use: (app: TestApp, peer: OpenAiPeer) => void): void {
  let app: TestApp | undefined;
  let peer: OpenAiPeer | undefined;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    app = await createTestApp({ env: modelDesignerEnv(peer) });
    use(app, peer);
  });
  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });
  beforeEach(() => {
    if (peer) peer.requests.length = 0;
  });
}
