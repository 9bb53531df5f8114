import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validAddress } from './harness.js';
import { freePort, until } from './processes.js';
import { startSmtpPeer } from './smtp-peer.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-mail-server-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// One real server process: the rules themselves are tested in process on both databases.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server process sends the order emails', () => {
  it('over SMTP_URL, to the shopper and to NOTIFY_EMAIL, and stops cleanly', async () => {
    const peer = await startSmtpPeer();
    const port = await freePort();
    const { DATABASE_URL: _url, ...inherited } = process.env;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SMTP_URL: peer.url,
        NOTIFY_EMAIL: 'owner@netkart.in',
        MAIL_FROM: 'NetKart Orders <orders@netkart.in>',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server?.on('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}/api/v1`;
      await until('the server', async () => ((await fetch(`${base}/health`)).ok ? true : undefined));
      const post = (url: string, body: unknown, token?: string) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const email = 'asha.rao@example.in';
      const credentials = { email, password: 'correct horse' };
      expect((await post('/users/register', { ...credentials, firstName: 'Asha', lastName: 'Rao' })).status).toBe(201);
      const { token } = (await (await post('/users/authorize', credentials)).json()) as { token: string };
      const products = (await (await fetch(`${base}/products?limit=100`)).json()) as {
        data: { id: string; stock: number; attributes: Record<string, unknown> }[];
      };
      const product = products.data.find((item) => item.stock > 0 && !JSON.stringify(item.attributes).includes('Size'));
      const placed = await post(
        '/orders',
        { lines: [{ productId: product?.id, quantity: 1 }], shippingAddress: validAddress },
        token,
      );
      expect(placed.status).toBe(201);
      const { id } = (await placed.json()) as { id: string };

      // After 9:00 in India the process also sends the day's low-stock summary to the merchant.
      const aboutTheOrder = () => peer.received.filter((mail) => !mail.subject.startsWith('Low stock:'));
      await until('the three emails', async () => (aboutTheOrder().length >= 3 ? true : undefined), 5_000);
      for (const mail of peer.received)
        expect(mail.envelopeTo[0] === 'owner@netkart.in' || aboutTheOrder().includes(mail)).toBe(true);
      expect(
        aboutTheOrder()
          .map((mail) => `${mail.envelopeTo[0]}: ${mail.subject}`)
          .sort(),
      ).toEqual([
        `asha.rao@example.in: Order ${id} placed | NetKart`,
        'asha.rao@example.in: Welcome to NetKart',
        expect.stringMatching(new RegExp(`^owner@netkart.in: New order ${id}: ₹`)),
      ]);
      for (const mail of peer.received) expect(mail.from).toBe('NetKart Orders <orders@netkart.in>');
      const toShopper = peer.received.find((mail) => mail.subject.startsWith(`Order ${id}`));
      expect(toShopper?.text).toContain(`http://localhost:${port}/track-order?id=${id}`);

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await peer.close();
    }
  }, 60_000);
});
