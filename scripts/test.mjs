#!/usr/bin/env node
// The whole test run: types and lint first, then the browser journeys side by side with the server
// suite and the storefront's tests. The journeys mostly wait on the browser and the server suite on
// its databases, so together they take little longer than the journeys alone.
// Each line is prefixed with its suite; the run fails when any suite fails.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const root = new URL('..', import.meta.url).pathname;

function run(label, command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[${label}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

const checked = await run('check', 'npm run --silent check');
if (!checked) process.exit(1);

// The storefront's tests follow the server suite: on an idle two-core machine the server suite on
// SQLite and PostgreSQL takes about 1100 s and the storefront's tests about 100 s, against the
// journeys' 1200 s, so the two chains end at about the same time. Both sides use the two cores
// throughout; running the three at once would only interleave the same work.
const results = await Promise.all([
  run('e2e', 'npm run --silent test --workspace e2e'),
  run('server', 'npm run --silent test --workspace server').then(
    async (passed) => (await run('web', 'npm run --silent test --workspace web')) && passed,
  ),
]);
process.exit(results.every(Boolean) ? 0 : 1);
