#!/usr/bin/env node
// The merchant's `store` command (src/cli/main.ts), always run compiled (dist/cli.js): loading the
// TypeScript sources took 4–14 s a call. In a development checkout the server is built first when
// its build is missing or older than its sources (a few seconds, once), as `npm start` does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(server, 'dist/cli.js');
const sources = [path.join(server, 'src'), path.join(server, '../contract/src')];

/** The newest modification time under a folder (0 when it does not exist). */
function newest(folder) {
  if (!fs.existsSync(folder)) return 0;
  let latest = 0;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

const builtAt = fs.existsSync(compiled) ? fs.statSync(compiled).mtimeMs : 0;
const canBuild =
  fs.existsSync(sources[0]) &&
  [path.join(server, 'node_modules/esbuild'), path.join(server, '../node_modules/esbuild')].some((dir) =>
    fs.existsSync(dir),
  );
if (!builtAt && !canBuild) {
  process.stderr.write(
    'The server is not built and its build tools are not installed here: run `npm ci && npm run build`.\n',
  );
  process.exit(1);
}
if (canBuild && (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt)) {
  process.stderr.write(
    builtAt ? 'The server changed since its last build: building it again.\n' : 'Building the server once.\n',
  );
  const result = spawnSync(process.execPath, [path.join(server, 'scripts/build.mjs')], {
    cwd: server,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(compiled);
