import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.js';
import { oneAtATime } from '../src/db/start-lock.js';
import { freshDatabase } from './harness.js';
import { freePort, until } from './processes.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The real server in its own process, started with these settings: it must refuse before listening. */
async function startServer(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const { DATABASE_URL: _url, ...inherited } = process.env;
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...inherited, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

// One process per case is slow; the rules themselves are tested in process on both databases.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'the server refuses to start on payment settings it cannot honour',
  () => {
    it.each([
      [
        { PAYMENT_PROVIDER: 'Payu' },
        "'Payu' is not a payment provider. The providers are: sandbox, upi, razorpay, payu.",
      ],
      [{ PAYMENT_PROVIDER: 'payu' }, 'PayU needs its key, salt and address'],
      [{ PAYMENT_PROVIDER: 'upi' }, 'UPI needs the UPI id that receives the money'],
    ])('%j: exits 1 with one clear line', async (env, message) => {
      const { code, stderr } = await startServer(env);
      expect(code).toBe(1);
      expect(stderr).toContain(`The shop cannot start: `);
      expect(stderr).toContain(message);
      expect(stderr).not.toContain('    at ');
    });
  },
);

describe.skipIf(process.env.TEST_DATABASE_URL)('the server refuses to send the public links to localhost', () => {
  it.each([[{ TRUST_PROXY: '127.0.0.1' }], [{ NODE_ENV: 'production' }]])(
    '%j with the store on localhost: exits 1 naming the store and the command that fixes it',
    async (env) => {
      const { code, stderr } = await startServer(env);
      expect(code).toBe(1);
      expect(stderr).toContain(
        'The shop cannot start: the store NetKart (localhost) would send emails with links to http://localhost',
      );
      expect(stderr).toContain('npm run store -- info set host shop.example.in');
      expect(stderr.trim().split('\n')).toHaveLength(1);
    },
  );
});

// Real processes on one embedded database folder: what a merchant's two starts at once do.
describe.skipIf(process.env.TEST_DATABASE_URL)('two processes started at once on a fresh DATA_DIR', () => {
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'store-twice-'));
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(fresh, { recursive: true, force: true });
  });

  it('one migrates, the other waits for it, and both answer /health', async () => {
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const ports = [await freePort(), await freePort()];
    const outputs = ['', ''];
    const exits: (number | null)[] = [null, null];
    ports.forEach((port, index) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: { ...inherited, DATA_DIR: fresh, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        outputs[index] += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        outputs[index] += chunk.toString();
      });
      child.once('exit', (code) => {
        exits[index] = code;
      });
      started.push(child);
    });
    for (const [index, port] of ports.entries()) {
      const status = await until(
        `process ${index + 1} to answer /health`,
        async () => (exits[index] !== null ? 'exited' : (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status),
        90_000,
      );
      expect(status, outputs[index]).toBe(200);
    }
    expect(exits).toEqual([null, null]);
    expect(outputs.join('')).not.toContain('cannot start');
    // The demo store was made once, by whichever process got there first.
    const { db } = openDatabase({ databaseUrl: undefined, dataDir: fresh });
    try {
      expect(await db.selectFrom('stores').select('id').execute()).toHaveLength(1);
    } finally {
      await db.destroy();
    }
    for (const child of started) child.kill('SIGTERM');
  }, 120_000);
});

// In process, on the suite's database: what the start lock promises two processes.
describe('the start lock', () => {
  it('lets one opener at a time prepare the database; the other waits, then runs', async () => {
    const { target, cleanup } = await freshDatabase();
    const first = openDatabase(target);
    const second = openDatabase(target);
    try {
      const steps: string[] = [];
      const prepare = (name: string, db: typeof first.db) =>
        oneAtATime(db, async () => {
          steps.push(`${name} in`);
          await new Promise((resolve) => setTimeout(resolve, 300));
          steps.push(`${name} out`);
        });
      await Promise.all([prepare('a', first.db), prepare('b', second.db)]);
      // Never both inside: each one's "in" is followed by its own "out".
      expect([steps[0]?.[0], steps[1]?.[0], steps[2]?.[0], steps[3]?.[0]]).toEqual(
        steps[0]?.startsWith('a') ? ['a', 'a', 'b', 'b'] : ['b', 'b', 'a', 'a'],
      );
    } finally {
      await first.db.destroy();
      await second.db.destroy();
      await cleanup();
    }
  });

  it('gives up after its wait with the reason, and frees the lock when its holder ends', async () => {
    const { target, cleanup } = await freshDatabase();
    const holder = openDatabase(target);
    const waiter = openDatabase(target);
    try {
      let release = () => {};
      const held = oneAtATime(holder.db, () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(oneAtATime(waiter.db, async () => 'ran', 300)).rejects.toThrow(
        'another process of the shop has been preparing this database',
      );
      release();
      await held;
      expect(await oneAtATime(waiter.db, async () => 'ran', 5000)).toBe('ran');
    } finally {
      await holder.db.destroy();
      await waiter.db.destroy();
      await cleanup();
    }
  });
});
