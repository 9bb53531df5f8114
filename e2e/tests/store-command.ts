import { spawn } from 'node:child_process';
import path from 'node:path';

const REPOSITORY = path.resolve(import.meta.dirname, '../..');

/**
 * The merchant's `store` command on the shop under test's database, as a merchant runs it from the
 * repository, with `input` on its standard input (a password it asks for). Its output, or an error
 * carrying what it said when it fails.
 */
function runStore(argv: string[], input: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('the shop under test has no data folder');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPOSITORY, 'server/bin/store.js'), ...argv], {
      cwd: REPOSITORY,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: REPOSITORY },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`store ${argv.join(' ')} failed (${code}): ${stderr}`)),
    );
    child.stdin.end(`${input}\n`);
  });
}

/** `store products import file.csv` → store('products', 'import', 'file.csv'). */
export const store = (...argv: string[]): Promise<string> => runStore(argv, '');

/** The same, answering what it asks on its standard input (`store staff add` asks the password). */
export const storeWithInput = (input: string, ...argv: string[]): Promise<string> => runStore(argv, input);
