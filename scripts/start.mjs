// `npm start`: builds the storefront and the server when their build is missing or older than the
// sources (that needs the development packages), then runs the compiled server in this process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const BUILT = [
  at('web/dist/index.html'),
  at('web/dist/admin.html'),
  at('web/dist/server/entry-server.js'),
  at('server/dist/main.js'),
  at('server/dist/cli.js'),
  at('server/dist/catalogue-worker.js'),
];
const SOURCES = [
  at('web/src'),
  at('web/index.html'),
  at('web/admin.html'),
  at('web/public'),
  at('contract/src'),
  at('server/src'),
];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const built = BUILT.every((file) => fs.existsSync(file));
const stale = built && Math.max(...SOURCES.map(newest)) > Math.min(...BUILT.map((file) => fs.statSync(file).mtimeMs));
if (!built || stale) {
  const tools = fs.existsSync(at('node_modules/vite')) && fs.existsSync(at('node_modules/esbuild'));
  if (!tools) {
    console.error(
      `The shop's build is ${built ? 'older than its sources' : 'missing'}, and the build tools are not installed here. Run \`npm ci && npm run build\` (or build on another machine and copy web/dist and server/dist), then \`npm start\`.`,
    );
    process.exit(1);
  }
  console.log(built ? 'The sources changed since the last build: building again.' : 'Building the shop once.');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(at('server/dist/main.js'));
