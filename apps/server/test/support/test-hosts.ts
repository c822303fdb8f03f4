// The tests' own hosts (issue 35): Linux network namespaces on a bridge of their own, so processes that would run on
// separate machines (an API server, workers, a storage service) each have an address, and one can be cut off (its
// link set down) or killed whole. A private /24 of the test's own (10.231.x.0/24), no default route: traffic only on
// the test's addresses. The root namespace is the bridge's gateway address; what listens on loopback there
// (PostgreSQL) is forwarded on that address, and best relayed on from a host of its own (`relay`): the hosts' TCP
// settings are the test's (quick retransmits), the root namespace's are the machine's.
//
// Every name starts with `ghm<pid of the test process, base 36>-`: names of a run that is gone (killed before its
// clean-up) are recognised by their dead pid and removed at the next start.
import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import net from 'node:net';
import type { ServerProcess } from './server-process.js';

const NAME_PREFIX = 'ghm';
const NAME_PATTERN = /^ghm([0-9a-z]+)-/;

/** Runs `ip` and answers its output; throws with its message when it fails. */
function ip(...args: string[]): string {
  const run = spawnSync('ip', args, { encoding: 'utf8' });
  if (run.error) throw new Error(`ip ${args.join(' ')}: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`ip ${args.join(' ')}: ${run.stderr.trim() || `exit ${run.status}`}`);
  return run.stdout;
}

/** The same, for clean-ups: a name already gone is no error. */
function ipQuietly(...args: string[]): void {
  spawnSync('ip', args, { stdio: 'ignore' });
}

const namespaces = () =>
  ip('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter(Boolean);
const links = () =>
  ip('-o', 'link', 'show')
    .split('\n')
    .map((line) => /^\d+: ([^:@\s]+)/.exec(line)?.[1])
    .filter((name): name is string => !!name);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** SIGKILLs the processes in a namespace (the test's own, started there) and waits until they are gone. */
async function killNamespaceProcesses(namespace: string): Promise<void> {
  const pids = () => {
    const run = spawnSync('ip', ['netns', 'pids', namespace], { encoding: 'utf8' });
    return run.status === 0 ? run.stdout.split('\n').filter(Boolean).map(Number) : [];
  };
  const deadline = Date.now() + 10_000;
  for (let left = pids(); left.length > 0; left = pids()) {
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
    if (Date.now() > deadline) throw new Error(`processes ${left.join(', ')} in ${namespace} did not end`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Removes the namespaces and links of runs whose test process is gone (or of this one, from before). */
async function removeLeftovers(): Promise<void> {
  const stale = (name: string) => {
    const match = NAME_PATTERN.exec(name);
    if (!match) return false;
    const pid = parseInt(match[1]!, 36);
    return pid === process.pid || !alive(pid);
  };
  for (const namespace of namespaces().filter(stale)) {
    await killNamespaceProcesses(namespace);
    ipQuietly('netns', 'del', namespace);
  }
  // Deleting a namespace deletes its ends of the veth pairs, and with them their other ends: the bridges remain.
  for (const link of links().filter(stale)) ipQuietly('link', 'del', link);
}

/**
 * Why this machine cannot make test hosts (no `ip`, or no permission to add a namespace), or null when it can.
 * Tries it: adds and deletes a namespace.
 */
export function networkNamespacesUnavailable(): string | null {
  const probe = `${NAME_PREFIX}${process.pid.toString(36)}-probe`;
  try {
    ip('netns', 'add', probe);
    ip('-n', probe, 'link', 'set', 'lo', 'up');
    return null;
  } catch (error) {
    return `network namespaces cannot be made here (${(error as Error).message})`;
  } finally {
    ipQuietly('netns', 'del', probe);
  }
}

export interface TestHost {
  name: string;
  /** Its network namespace. */
  namespace: string;
  /** Its address on the test network. */
  address: string;
  /** Its link's end on the bridge (in the root namespace): down cuts the host off. */
  link: string;
}

export interface TestNetwork {
  /** The bridge's address: the root namespace (the test process, and what it forwards) as the hosts see it. */
  gateway: string;
  hosts: Record<string, TestHost>;
  /** The command line that runs `command` on `host`. */
  commandOn(host: TestHost, command: string[]): string[];
  /** Runs `command` on `host` as a process whose output is kept (as startServerProcess does). */
  runOn(host: TestHost, command: string[], env: NodeJS.ProcessEnv): ServerProcess;
  /** Kills every process on `host` with SIGKILL (the machine dies) and waits until they are gone. */
  kill(host: TestHost): Promise<void>;
  /**
   * Cuts `host` off the network: its link goes down; its processes run on, and what they send or are sent vanishes
   * (their connections hang, as across a broken network) until it is plugged back in.
   */
  cut(host: TestHost): void;
  /** Plugs `host` back in. */
  reconnect(host: TestHost): void;
  /**
   * Forwards TCP connections to the gateway's address (a free port, answered) to `port` on `address` in the root
   * namespace: PostgreSQL listening on loopback only, say.
   */
  forward(port: number, address?: string): Promise<number>;
  /**
   * Relays TCP connections to `port` on `host`'s address to `target` (a process on that host): a service of the root
   * namespace (through `forward`) served from a host, whose connections to the other hosts then behave as theirs
   * do. Resolves once it listens.
   */
  relay(host: TestHost, port: number, target: { address: string; port: number }): Promise<void>;
  /** Kills the hosts' processes, closes the forwarders, removes the namespaces and the bridge. */
  close(): Promise<void>;
}

/** Pipes both ways between each connection to `<address>:<port>` and one to `<target address>:<target port>`. */
const RELAY = `
import net from 'node:net';
const [address, port, targetAddress, targetPort] = process.argv.slice(1);
net
  .createServer((client) => {
    const upstream = net.connect(Number(targetPort), targetAddress);
    client.pipe(upstream).pipe(client);
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  })
  .listen(Number(port), address, () => console.log('relay listening'));
`;

/** A free 10.231.x.0/24: no address or route of this machine in it. */
function freeSubnet(): string {
  const used = ip('-4', '-o', 'addr', 'show') + ip('-4', 'route', 'show', 'table', 'all');
  for (let tries = 0; tries < 50; tries++) {
    const subnet = `10.231.${randomInt(1, 255)}`;
    if (!used.includes(`${subnet}.`)) return subnet;
  }
  throw new Error('no free 10.231.x.0/24 for the test network');
}

/** Makes one host per name (at most 9), each in its own namespace with an address on one bridge. */
export async function createTestNetwork(names: string[]): Promise<TestNetwork> {
  if (names.length > 9) throw new Error('at most 9 test hosts');
  await removeLeftovers();
  const tag = `${NAME_PREFIX}${process.pid.toString(36)}-`;
  const subnet = freeSubnet();
  const gateway = `${subnet}.1`;
  const bridge = `${tag}br`;
  const hosts: Record<string, TestHost> = {};
  const processes = new Set<ServerProcess>();
  const forwarders: { server: net.Server; sockets: Set<net.Socket> }[] = [];

  const close = async () => {
    for (const host of Object.values(hosts)) await killNamespaceProcesses(host.namespace);
    await Promise.all([...processes].map((p) => p.exited));
    for (const { server, sockets } of forwarders) {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
    for (const host of Object.values(hosts)) {
      // Its link first: a namespace outlives its processes while their sockets linger (retransmitting to a cut
      // host), and its link with it.
      ipQuietly('link', 'del', host.link);
      ipQuietly('netns', 'del', host.namespace);
    }
    ipQuietly('link', 'del', bridge);
  };

  try {
    // No IPv6 link-local addresses (nor their neighbour discovery) where the machine has IPv6: the hosts speak
    // IPv4 on their own /24 only.
    const noIpv6 = (...where: string[]) => ipQuietly(...where, 'addrgenmode', 'none');
    ip('link', 'add', bridge, 'type', 'bridge', 'forward_delay', '0');
    noIpv6('link', 'set', bridge);
    ip('addr', 'add', `${gateway}/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    names.forEach((name, index) => {
      const host: TestHost = {
        name,
        namespace: `${tag}${name}`,
        address: `${subnet}.${11 + index}`,
        link: `${tag}r${index + 1}`,
      };
      hosts[name] = host;
      const inside = `${tag}n${index + 1}`;
      ip('netns', 'add', host.namespace);
      ip('link', 'add', host.link, 'type', 'veth', 'peer', 'name', inside);
      noIpv6('link', 'set', host.link);
      ip('link', 'set', inside, 'netns', host.namespace);
      noIpv6('-n', host.namespace, 'link', 'set', inside);
      ip('link', 'set', host.link, 'master', bridge, 'up');
      ip('-n', host.namespace, 'link', 'set', 'lo', 'up');
      ip('-n', host.namespace, 'addr', 'add', `${host.address}/24`, 'dev', inside);
      ip('-n', host.namespace, 'link', 'set', inside, 'up');
      // TCP retransmits at least once a second (Linux 6.15 and later; elsewhere the default, up to 2 minutes
      // apart): a host plugged back in is heard from at once, not at its connections' next backed-off retry. As
      // many more retries, so that a connection still gives up after about two minutes, as by default.
      for (const setting of ['tcp_rto_max_ms=1000', 'tcp_syn_retries=120', 'tcp_retries2=120'])
        spawnSync('ip', ['netns', 'exec', host.namespace, 'sysctl', '-qw', `net.ipv4.${setting}`], {
          stdio: 'ignore',
        });
    });
    // Every host's and the gateway's link-layer address fixed on every other (static neighbour entries): a cut-off
    // host's packets vanish, as across a broken network, and its connections hang — rather than failing at once
    // when a neighbour's address resolution fails (EHOSTUNREACH), which only a link on the same segment shows.
    const macOf = (dev: string, namespace?: string) =>
      (
        JSON.parse(ip(...(namespace ? ['-n', namespace] : []), '-j', 'link', 'show', 'dev', dev)) as {
          address: string;
        }[]
      )[0]!.address;
    const ends = [
      { address: gateway, mac: macOf(bridge), namespace: null, dev: bridge },
      ...Object.values(hosts).map((host, index) => ({
        address: host.address,
        mac: macOf(`${tag}n${index + 1}`, host.namespace),
        namespace: host.namespace,
        dev: `${tag}n${index + 1}`,
      })),
    ];
    for (const from of ends)
      for (const to of ends.filter((end) => end !== from))
        ip(
          ...(from.namespace ? ['-n', from.namespace] : []),
          ...['neigh', 'replace', to.address, 'lladdr', to.mac, 'nud', 'permanent', 'dev', from.dev],
        );
  } catch (error) {
    await close();
    throw error;
  }

  const commandOn = (host: TestHost, command: string[]) => [
    'ip',
    'netns',
    'exec',
    host.namespace,
    ...command,
  ];
  const runOn = (host: TestHost, command: string[], env: NodeJS.ProcessEnv): ServerProcess => {
    // `ip netns exec` enters the namespace and execs the command: the child is the command itself.
    const [program, ...args] = commandOn(host, command);
    const child = spawn(program!, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started: ServerProcess = { child, output: () => output, exited };
    processes.add(started);
    void exited.then(() => processes.delete(started));
    return started;
  };
  return {
    gateway,
    hosts,
    commandOn,
    runOn,
    kill: (host) => killNamespaceProcesses(host.namespace),
    cut: (host) => void ip('link', 'set', host.link, 'down'),
    reconnect: (host) => void ip('link', 'set', host.link, 'up'),
    async relay(host, port, target) {
      const args = [host.address, String(port), target.address, String(target.port)];
      const relay = runOn(host, [process.execPath, '--input-type=module', '-e', RELAY, ...args], {
        PATH: process.env.PATH,
      });
      const deadline = Date.now() + 20_000;
      while (!relay.output().includes('relay listening')) {
        if (relay.child.exitCode !== null || Date.now() > deadline)
          throw new Error(`the relay on ${host.name} did not start:\n${relay.output()}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async forward(port, address = '127.0.0.1') {
      const sockets = new Set<net.Socket>();
      const track = (socket: net.Socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      };
      const server = net.createServer((client) => {
        const upstream = net.connect(port, address);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        // One side's end or error ends both (a killed host's connections are reset, a cut one's stay open).
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.once('error', end).once('close', end);
        upstream.once('error', end).once('close', end);
      });
      forwarders.push({ server, sockets });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, gateway, resolve);
      });
      return (server.address() as net.AddressInfo).port;
    },
    close,
  };
}
