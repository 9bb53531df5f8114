import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** The shop to run: this checkout, or another (BENCH_SHOP_DIR, e.g. a worktree of an older commit) to compare. */
export const REPOSITORY = process.env.BENCH_SHOP_DIR
  ? path.resolve(process.env.BENCH_SHOP_DIR)
  : path.resolve(import.meta.dirname, '../..');

/** The child's exit code, once it has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.on('exit', resolve));

export interface ShopProcess {
  /** `http://localhost:<port>/api/v1` */
  api: string;
  origin: string;
  pid: number;
  /** Runs the `store` command against the same database; resolves with its exit code. */
  store(...argv: string[]): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts the shop as `npm start` would (the built storefront must exist), in its own process.
 * `output`: 'drain' reads the shop's log and drops it, as a process manager would take it, instead
 * of printing it among the bench's own lines.
 */
export async function startShopProcess(
  env: NodeJS.ProcessEnv,
  port: number,
  output: 'inherit' | 'drain' = 'inherit',
  repository = REPOSITORY,
): Promise<ShopProcess> {
  const shopEnv = { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repository,
    env: shopEnv,
    stdio: output === 'drain' ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  });
  child.stdout?.resume();
  let stopping = false;
  // A shop that ends by itself mid-run is said, with the signal that ended it.
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`The shop process ended by itself (${signal ?? `exit code ${code}`}).`);
  });
  const origin = `http://localhost:${port}`;
  const api = `${origin}/api/v1`;
  for (let attempt = 0; ; attempt += 1) {
    const healthy = await fetch(`${api}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (attempt === 150 || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error('the shop did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    api,
    origin,
    pid: child.pid ?? 0,
    store: (...argv) =>
      exited(
        spawn(process.execPath, ['server/bin/store.js', ...argv], { cwd: repository, env: shopEnv, stdio: 'inherit' }),
      ),
    async stop() {
      stopping = true;
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Registers a shopper through the API and signs in; returns the bearer token. */
export async function signedInShopper(api: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(api + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const shopper = { email: `bench.${Date.now()}@example.in`, password: 'correct horse' };
  await post('/users/register', { ...shopper, firstName: 'Asha', lastName: 'Rao' });
  const { token } = (await (await post('/users/authorize', shopper)).json()) as { token: string };
  return token;
}

export const benchAddress = {
  fullName: 'Asha Rao',
  address: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '9845012345',
};
