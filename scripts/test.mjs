#!/usr/bin/env node
// The whole test run: types and lint first, then the browser journeys side by side with the server
// suite and the storefront's tests. The journeys mostly wait on the browser and the server suite on
// its databases, so together they take little longer than the journeys alone.
// Each line is prefixed with its suite; the run fails when any suite fails, and then ends by printing
// again the last lines of each failed suite, where its own summary names what failed (interleaved
// with the other suites' lines, it would otherwise scroll out of sight).
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const KEPT_LINES = 300;
const failures = [];

function run(label, command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const tail = [];
    const child = spawn(command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        console.log(`[${label}] ${line}`);
        tail.push(line);
        if (tail.length > KEPT_LINES) tail.shift();
      });
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[${label}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      if (code !== 0) failures.push({ label, tail });
      resolve(code === 0);
    });
  });
}

// What names a failure in vitest's and Playwright's output, without colour codes.
const FAILURE_LINE = /\bFAIL\b|×|✘|Error:|expected|Timed out|timed out|\d+\) \[/;
const plain = (line) => stripVTControlCharacters(line);

function reportFailures() {
  for (const { label, tail } of failures) {
    console.log(`\n== ${label} failed; its last ${tail.length} lines:`);
    for (const line of tail) console.log(`[${label}] ${line}`);
  }
  // Last, and short, so that even a view of only the end of the log names what failed.
  for (const { label, tail } of failures) {
    const named = tail.map(plain).filter((line) => FAILURE_LINE.test(line));
    console.log(`\n== ${label} failed on:`);
    for (const line of named.slice(-40)) console.log(`[${label}] ${line}`);
  }
}

const checked = await run('check', 'npm run --silent check');
if (!checked) {
  reportFailures();
  process.exit(1);
}

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
reportFailures();
process.exit(results.every(Boolean) ? 0 : 1);
