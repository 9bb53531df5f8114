import { spawn } from 'node:child_process';
import path from 'node:path';

/** The PostgreSQL server both run on; each gets a database of its own there. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MEDUSA_DATABASE = 'medusa_bench';
export const SHOP_DATABASE = 'store_bench';
export const PRODUCTS = 1000;

/** This folder's Medusa project, and the checkout of the shop it sits in. */
export const MEDUSA_DIR = path.resolve(import.meta.dirname, '..');
export const REPOSITORY = path.resolve(MEDUSA_DIR, '../..');
// Medusa sends usage reports unless told not to.
process.env.MEDUSA_DISABLE_TELEMETRY = 'true';

export const MEDUSA_CLI = path.join(MEDUSA_DIR, 'node_modules/@medusajs/cli/cli.js');

export function databaseUrl(name: string, query = '') {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  url.search = query;
  return url.toString();
}

/** Medusa's database URL: its production mode asks PostgreSQL for TLS unless told not to. */
export const medusaDatabaseUrl = () => databaseUrl(MEDUSA_DATABASE, '?sslmode=disable');

/** Runs a command to its end, its output shown; throws on a failure. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
