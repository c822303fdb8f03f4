// Types of http-client.mjs for the TypeScript that imports it (tests).
export interface HttpClientOptions {
  /** 'manual': a redirect is answered as it is (status and Location), not followed. */
  redirect?: RequestRedirect;
  /** Longest wait for one answer. */
  timeoutMs?: number;
}

export interface HttpAnswer {
  status: number;
  text: string;
  json: unknown;
  headers: Headers;
}

export class HttpClient {
  constructor(base: string, options?: HttpClientOptions);
  request(
    method: string,
    path: string,
    body?: BodyInit,
    headers?: Record<string, string>,
  ): Promise<HttpAnswer>;
  get(path: string): Promise<HttpAnswer>;
  post(path: string, body: unknown): Promise<HttpAnswer>;
  upload(path: string, name: string, content: string): Promise<HttpAnswer>;
  signIn(email: string, password: string): Promise<void>;
  cookieHeader(): string;
}
