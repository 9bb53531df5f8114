// How long from starting the shop to its first answer: the compiled server (`npm start` after a
// build) against the TypeScript sources run through tsx (how `npm start` ran before), in one sitting.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exited, REPOSITORY } from './shop-process.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WAYS = {
  compiled: ['server/dist/main.js'],
  'tsx sources': ['--import', 'tsx', 'server/src/main.ts'],
} as const;

async function timeToFirstAnswer(args: readonly string[], dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: REPOSITORY,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://localhost:${port}/api/v1/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (!fs.existsSync(path.join(REPOSITORY, 'server/dist/main.js'))) throw new Error('run `npm run build` first');
console.log(`| how | first start (empty database, demo seeded) | later start | runs |\n|---|---|---|---|`);
for (const [name, args] of Object.entries(WAYS)) {
  const first: number[] = [];
  const later: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
    first.push(await timeToFirstAnswer(args, dataDir, 8310));
    later.push(await timeToFirstAnswer(args, dataDir, 8310));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  console.log(`| ${name} | ${ms(median(first))} | ${ms(median(later))} | ${RUNS} |`);
}
