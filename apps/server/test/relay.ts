/**
 * A TCP relay in front of a test server (PostgreSQL, Redis) on a port of its own, standing for the
 * network between the portal and it: `stop` closes the port and every connection (the server gone
 * away), `start` opens the same port again (it is back), and `freeze` stops forwarding on every
 * open connection without closing anything — what a NAT's idle timer or a stalled relay looks
 * like from both ends: no error, no end, nothing delivered.
 */
import net from 'node:net';

export type Relay = {
  /** The target's URL with the relay's host and port. */
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  freeze: () => void;
  close: () => Promise<void>;
};

export async function tcpRelay(targetUrl: string, defaultPort: number): Promise<Relay> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const pairs: [net.Socket, net.Socket][] = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || defaultPort), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    pairs.push([inbound, outbound]);
    inbound.pipe(outbound).pipe(inbound);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stop,
    start: () => listen(port),
    freeze: () => {
      for (const [inbound, outbound] of pairs) {
        inbound.unpipe();
        outbound.unpipe();
        inbound.pause();
        outbound.pause();
      }
    },
    close: async () => {
      if (server.listening) await stop();
      else for (const s of sockets) s.destroy();
    },
  };
}
