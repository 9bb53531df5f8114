import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR, scratchFolder } from './cli-harness.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/store.js');
const files = scratchFolder();
afterAll(() => files.remove());

/** The real `store` program in its own process, on an embedded database of its own. */
async function storeProcess(
  argv: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, ...env } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...argv], {
      cwd: files.dir,
      env: { ...env, DATA_DIR: path.join(files.dir, 'data'), INIT_CWD: files.dir, ...extraEnv },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// One process per call is slow (each starts Node and compiles the command, seconds on a busy
// machine); the in-process tests cover the commands on both databases.
describe.skipIf(process.env.TEST_DATABASE_URL)('the store program', { timeout: 120_000 }, () => {
  it('prints help for every command and exits 0', async () => {
    const help = await storeProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: store [options] [command]');
    for (const command of ['info', 'stores', 'products', 'orders']) expect(help.stdout).toContain(command);
    const importHelp = await storeProcess(['products', 'import', '--help']);
    expect(importHelp.stdout).toContain('--skip-invalid');
    const infoHelp = await storeProcess(['info', 'set', '--help']);
    for (const field of ['legalName', 'gstin', 'invoicePrefix', 'grievanceOfficer'])
      expect(infoHelp.stdout).toContain(field);
  });

  it('works on the embedded database of DATA_DIR, and never fills it with the demo store', async () => {
    const empty = await storeProcess(['products', 'export', '--format', 'json']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('There is no store yet: create yours with `npm run store -- init`');
    const init = await storeProcess(['init', '--file', path.join(SAMPLES_DIR, 'store.json')]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('Created NetKart at http://localhost:');
    expect((await storeProcess(['products', 'import', path.join(SAMPLES_DIR, 'catalogue.csv')])).code).toBe(0);
    const exported = await storeProcess(['products', 'export', '--format', 'json']);
    expect(exported.code).toBe(0);
    const skus = fs.readFileSync(path.join(SAMPLES_DIR, 'catalogue.csv'), 'utf8').match(/^SM-/gm) ?? [];
    // The sample cable's colour list made it a row per colour too (its variants), after its own.
    const rows = JSON.parse(exported.stdout) as { sku: string; parentSku?: string | null }[];
    expect(rows.filter((row) => !row.parentSku).map((row) => row.sku)).toHaveLength(skus.length);
    expect(rows.filter((row) => row.parentSku === 'SM-NET-101').map((row) => row.sku)).toEqual([
      'SM-NET-101-BLACK',
      'SM-NET-101-WHITE',
    ]);
  });

  it('exits 1 with the reason when a command fails, and 2 on a usage mistake', async () => {
    const failed = await storeProcess(['products', 'import', 'missing.csv']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('missing.csv: no such file.');
    const misused = await storeProcess(['orders', 'list', '--colour', 'red']);
    expect(misused.code).toBe(2);
    expect(misused.stderr).toContain("error: unknown option '--colour'");
  });

  it('says plainly when it cannot reach the database', async () => {
    const unreachable = await storeProcess(['orders', 'list'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^Error: Cannot open the PostgreSQL server of DATABASE_URL: .*ECONNREFUSED/);
    expect(unreachable.stderr).not.toContain('    at ');
  });
});
