import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startShop, type TestShop } from './harness.js';

const hasRedisServer = (() => {
  try {
    execFileSync('redis-server', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A Redis that takes connections and never answers: a stuck server, a black-holed network. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A Redis of our own, which the test can freeze (SIGSTOP) and thaw without touching anyone else's. */
async function ownRedis(): Promise<{ url: string; process: ChildProcess; stop(): void }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, process: child, stop: () => child.kill('SIGKILL') };
}

async function expectServedWithoutRedis(app: FastifyInstance, email: string, password: string) {
  const post = (url: string, body: unknown) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { host: 'localhost:8044' }, payload: body as object });
  expect((await post('/users/authorize', { email, password: 'wrong password' })).statusCode).toBe(401);
  expect((await post('/users/authorize', { email, password })).statusCode).toBe(200);
  expect((await post('/users/password-reset', { email })).statusCode).toBe(202);
  const health = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: 'localhost:8044' } });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toEqual({ status: 'degraded', reasons: [expect.stringMatching(/^redis: .+database/)] });
}

describe.each([
  ['refuses connections', async () => ({ url: 'redis://127.0.0.1:1', close: async () => {} })],
  ['takes connections and never answers', silentServer],
])('a Redis that %s', (_what, redisOf) => {
  let shop: TestShop;
  let redis: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    redis = await redisOf();
    shop = await startShop({ rateLimits: { loginFailuresPerEmail: 2 }, app: { redisUrl: redis.url } });
  });
  afterAll(async () => {
    await shop.close();
    await redis.close();
  });

  it('leaves sign-in and password reset answering, and /health says degraded with the reason', async () => {
    const { email, password } = await signUp(shop.app);
    await expectServedWithoutRedis(shop.app, email, password);
  });

  it('still limits, with the counters in the database', async () => {
    const { email } = await signUp(shop.app);
    const wrong = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/users/authorize',
        headers: { host: 'localhost:8044' },
        payload: { email, password: 'wrong password' },
      });
    const answers = await Promise.all([wrong(), wrong(), wrong(), wrong()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([401, 401, 429, 429]);
  });
});

describe.skipIf(!hasRedisServer)('a Redis that stops answering mid-run', () => {
  let shop: TestShop;
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  beforeAll(async () => {
    redis = await ownRedis();
    shop = await startShop({ app: { redisUrl: redis.url, limitKeyPrefix: `down-${randomBytes(4).toString('hex')}` } });
  });
  afterAll(async () => {
    await shop.close();
    redis.stop();
  });

  it('falls back to the database while it is frozen, and goes back to it once it answers again', async () => {
    const { email, password } = await signUp(shop.app);
    const health = () => shop.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: 'localhost:8044' } });
    expect((await health()).json()).toEqual({ status: 'ok' });
    redis.process.kill('SIGSTOP');
    try {
      await expectServedWithoutRedis(shop.app, email, password);
    } finally {
      redis.process.kill('SIGCONT');
    }
    // The circuit tries Redis again after a few seconds.
    let status = '';
    for (let i = 0; i < 60 && status !== 'ok'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await health()).json().status;
    }
    expect(status).toBe('ok');
  });
});

describe('a nearly full disk', () => {
  it('is named by /health while the shop still serves', async () => {
    // Ask for more free space than any disk has: the check a full disk trips.
    const shop = await startShop({ app: { minFreeDiskBytes: Number.MAX_SAFE_INTEGER } });
    try {
      const health = await shop.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { host: 'localhost:8044' },
      });
      expect(health.statusCode).toBe(200);
      // PostgreSQL's disk is its own server's to watch.
      expect(health.json()).toEqual(
        shop.dialect === 'sqlite'
          ? { status: 'degraded', reasons: [expect.stringMatching(/^disk: \d+ MB free where the database is/)] }
          : { status: 'ok' },
      );
    } finally {
      await shop.close();
    }
  });
});
