// A free TCP port on loopback, for the scripts and tests that start a server of their own (one copy for all).
import net from 'node:net';

/** A port the system just handed out on 127.0.0.1 (free until someone else takes it). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}
