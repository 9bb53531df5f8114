/**
 * Slow sockets: one client (127.0.0.1) opens 2,000 connections to the shop and sends each half a
 * request header, a byte every few seconds, as a slowloris attack does; meanwhile another client
 * (127.0.0.2) asks /api/v1/health once a second on fresh connections. Prints how many of the slow
 * sockets the shop took, how many it closed at once, and how the other client fared: answers,
 * failures and the slowest answer.
 *
 *   npm run slow-sockets --workspace bench                              # the shop's settings
 *   MAX_CONNECTIONS_PER_IP=100000 npm run slow-sockets --workspace bench   # without the per-address cap
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPOSITORY } from './shop-process.js';

const SLOW_SOCKETS = Number(process.env.SLOW_SOCKETS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PORT = 18000 + Math.floor(Math.random() * 1000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-slow-'));
const shop = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: REPOSITORY,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '0.0.0.0', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function ask(from: string): Promise<{ ok: boolean; ms: number }> {
  const start = performance.now();
  try {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port: PORT, localAddress: from });
      let text = '';
      socket.setTimeout(15_000, () => socket.destroy(new Error('timed out')));
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.once('error', reject);
      socket.once('close', () => resolve(text));
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    });
    return { ok: answer.startsWith('HTTP/1.1 200'), ms: performance.now() - start };
  } catch {
    return { ok: false, ms: performance.now() - start };
  }
}

try {
  for (let attempt = 0; !(await ask('127.0.0.2')).ok; attempt += 1) {
    if (attempt > 300) throw new Error('the shop did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let refusedAtOnce = 0;
  let closedLater = 0;
  let lastTimedOutMs = 0;
  const slow: net.Socket[] = [];
  const opened = Date.now();
  for (let i = 0; i < SLOW_SOCKETS; i++) {
    const socket = net.connect({ host: '127.0.0.1', port: PORT, localAddress: '127.0.0.1' });
    socket.on('error', () => {});
    let answered = false;
    socket.on('data', () => {
      answered = true;
    });
    socket.once('connect', () => socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n'));
    // Refused by the cap: closed without a byte. Timed out: closed after Node's 408.
    socket.once('close', () => {
      if (!answered) refusedAtOnce += 1;
      else {
        closedLater += 1;
        lastTimedOutMs = Date.now() - opened;
      }
    });
    slow.push(socket);
  }
  // A header byte every 3 s keeps each socket busy without ever finishing its headers.
  const trickle = setInterval(() => {
    for (const socket of slow) if (!socket.destroyed) socket.write('X');
  }, 3000);

  const answers: { ok: boolean; ms: number }[] = [];
  for (let second = 0; second < SECONDS; second++) {
    answers.push(await ask('127.0.0.2'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  clearInterval(trickle);
  const stillOpen = slow.filter((socket) => !socket.destroyed).length;
  for (const socket of slow) socket.destroy();

  const served = answers.filter((answer) => answer.ok);
  const slowest = Math.max(...served.map((answer) => answer.ms));
  console.log(
    `MAX_CONNECTIONS_PER_IP=${process.env.MAX_CONNECTIONS_PER_IP ?? '(default 64)'}: ${SLOW_SOCKETS} slow sockets from 127.0.0.1: ${refusedAtOnce} closed at once without an answer, ${closedLater} closed by the header timeout (the last ${(lastTimedOutMs / 1000).toFixed(1)} s after they opened), ${stillOpen} still open after ${SECONDS} s`,
  );
  console.log(
    `  127.0.0.2, one request a second for ${SECONDS} s: ${served.length}/${answers.length} served, slowest ${slowest.toFixed(0)} ms, median ${served
      .map((answer) => answer.ms)
      .sort((a, b) => a - b)
      [Math.floor(served.length / 2)]?.toFixed(0)} ms`,
  );
} finally {
  shop.kill('SIGTERM');
  await new Promise((resolve) => shop.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
