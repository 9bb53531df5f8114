import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from './harness.js';

const CAP = 5;
let shop: TestShop;
let port: number;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  // A small cap and a short header timeout, so the test shows both without waiting long.
  shop = await startShop({ app: { maxConnectionsPerAddress: CAP, headersTimeoutMs: 1000 } });
  // On every loopback address: 127.0.0.1 is the slow client, 127.0.0.2 another shopper.
  await shop.app.listen({ port: 0, host: '0.0.0.0' });
  port = (shop.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await shop.close();
});

/** A connection from `from` that sends nothing (or what it is given), kept open until the server ends it. */
function connect(from: string, send?: string): Promise<{ socket: net.Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    sockets.push(socket);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('error', () => {});
    socket.once('connect', () => {
      if (send) socket.write(send);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

/** One whole request on a fresh connection from `from`: the status line of its answer. */
async function health(from: string): Promise<string> {
  const { socket, closed } = await connect(
    from,
    'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  );
  const answer = await closed;
  socket.destroy();
  return answer.split('\r\n')[0] ?? '';
}

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    shop.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

async function untilOpen(count: number) {
  while ((await openConnections()) !== count) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('slow clients', () => {
  it('closes at once a connection over the per-address cap, and serves another address meanwhile', async () => {
    const held = [];
    for (let i = 0; i < CAP; i++) held.push(await connect('127.0.0.1'));
    await untilOpen(CAP);
    const over = await connect('127.0.0.1');
    // Closed by the server without a byte: it never reached the HTTP parser.
    expect(await over.closed).toBe('');
    expect(await health('127.0.0.2')).toBe('HTTP/1.1 200 OK');

    // Once one of the address's connections ends, it may open another.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    await untilOpen(CAP - 1);
    expect(await health('127.0.0.1')).toBe('HTTP/1.1 200 OK');
    for (const { socket } of held) socket.destroy();
  });

  it('closes a connection that sends half its headers once the header timeout has passed', async () => {
    const trickle = await connect('127.0.0.3', 'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n');
    // Node answers 408 as it closes it.
    expect(await trickle.closed).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  });
});
