import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogueFileError, readInWorker } from '../src/modules/catalog/import/index.js';
import { scratchFolder } from './cli/cli-harness.js';

const files = scratchFolder();
afterAll(() => files.remove());

const HEADER = 'sku,title,description,category,parentCategory,gender,regularPrice,discountedPrice,stock,hidden';
const row = (sku: string, price = '499') => `${sku},USB-C Cable 1m,A cable,Cables,,,${price},,10,false`;
const job = (file: string) => ({ file, mediaDirs: undefined, knownCategories: ['Cables'], gstin: null });

async function readAll(reading: ReturnType<typeof readInWorker>) {
  const skus: string[] = [];
  for await (const batch of reading.rows) skus.push(...batch.prepared.map((columns) => columns.sku));
  return skus;
}

describe('reading a catalogue in a worker thread', () => {
  it('sends the good rows in order, their columns made, and tells the problems and warnings at the end', async () => {
    const lines = Array.from({ length: 4500 }, (_, index) => row(`W-${index + 1}`));
    lines[9] = row('W-10', 'free');
    lines[20] = row('W-1');
    lines.push('W-NEW,Lamp,,Lamps,,,99,,1,false');
    const file = files.write('rows.csv', `${HEADER}\n${lines.join('\n')}\n`);
    let progress = 0;
    const reading = readInWorker(job(file), (done) => {
      progress = done;
    });
    const skus = await readAll(reading);
    expect(skus).toHaveLength(4499);
    expect(skus.slice(0, 10)).toEqual(['W-1', 'W-2', 'W-3', 'W-4', 'W-5', 'W-6', 'W-7', 'W-8', 'W-9', 'W-11']);
    expect(skus.at(-1)).toBe('W-NEW');
    expect(progress).toBeGreaterThan(0);
    const checked = reading.checked();
    expect(checked.good).toBe(4499);
    expect(checked.problems).toEqual([
      { line: 11, message: expect.stringContaining('regularPrice must be a number of rupees') },
      { line: 22, message: 'the SKU W-1 is already on line 2.' },
    ]);
    expect(checked.warnings).toEqual([{ line: 4502, message: "the category 'Lamps' is new to the store." }]);
  });

  it('ends with the file named when the file cannot be read', async () => {
    const file = files.write('bad-header.csv', `sku,title,colour\n${row('X-1')}\n`);
    const reading = readInWorker(job(file));
    await expect(readAll(reading)).rejects.toThrow(CatalogueFileError);
    await expect(readAll(readInWorker(job(file)))).rejects.toThrow("Line 1: unknown column 'colour'");
  });

  it('ends with a CatalogueFileError when the thread dies or fails part way', async () => {
    const file = files.write('fine.csv', `${HEADER}\n${row('Y-1')}\n`);
    const dies = files.write(
      'dies.mjs',
      `import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ kind: 'rows', rows: [], done: 1, total: 2 });
setTimeout(() => process.exit(3), 50);`,
    );
    const reading = readInWorker(job(file), undefined, pathToFileURL(dies));
    await expect(readAll(reading)).rejects.toThrow(
      `Cannot read ${file}: the reading stopped before the end of the file (exit code 3).`,
    );
    expect(() => reading.checked()).toThrow('has not been read to its end');
    const throws = files.write('throws.mjs', `throw new Error('out of luck');`);
    await expect(readAll(readInWorker(job(file), undefined, pathToFileURL(throws)))).rejects.toThrow(
      `Cannot read ${file}: the reading failed (out of luck).`,
    );
  });

  it('stops the thread when the caller leaves part way', async () => {
    const lines = Array.from({ length: 20_000 }, (_, index) => row(`Z-${index + 1}`));
    const file = files.write('long.csv', `${HEADER}\n${lines.join('\n')}\n`);
    const reading = readInWorker(job(file));
    for await (const batch of reading.rows) {
      expect(batch.prepared[0]?.sku).toBe('Z-1');
      break;
    }
    expect(() => reading.checked()).toThrow('has not been read to its end');
  });
});
