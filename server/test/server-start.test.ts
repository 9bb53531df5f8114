import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

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
      [{ PAYMENT_PROVIDER: 'Payu' }, "'Payu' is not a payment provider. The providers are: sandbox, upi, payu."],
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
