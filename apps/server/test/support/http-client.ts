// The cookie-keeping client of the tests and benches (scripts/lib/http-client.mjs), and a signed-in one.
import { HttpClient, type HttpClientOptions } from '../../../../scripts/lib/http-client.mjs';
import { TEST_PASSWORD } from './users.js';

export { HttpClient, type HttpClientOptions };

/**
 * A client of the server process on `port` (of 127.0.0.1) or at an address, signed in as `email` (made with
 * TEST_PASSWORD).
 */
export async function signedInHttpClient(
  server: number | string,
  email: string,
  options: HttpClientOptions = {},
): Promise<HttpClient> {
  const client = new HttpClient(typeof server === 'number' ? `http://127.0.0.1:${server}` : server, options);
  await client.signIn(email, TEST_PASSWORD);
  return client;
}
