/**
 * A TCP relay in front of a server that cuts the connection once, after `cutAt` bytes came from
 * the client, and counts every byte the client sent: a weak signal dropping an upload part-way.
 * Used by the resumable-upload tests and by bench/tus-upload.ts (bytes resent after a cut).
 */
import net from 'node:net';

export async function cuttingRelay(port: number, cutAt: number) {
  let sent = 0;
  let cut = false;
  const server = net.createServer((inbound) => {
    const outbound = net.connect(port, '127.0.0.1');
    for (const s of [inbound, outbound]) s.on('error', () => undefined);
    inbound.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      outbound.write(chunk);
      if (!cut && sent > cutAt) {
        cut = true;
        outbound.destroy();
        inbound.destroy();
      }
    });
    outbound.pipe(inbound);
    inbound.on('close', () => outbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    sent: () => sent,
    wasCut: () => cut,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
