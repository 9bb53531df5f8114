// Compiles the server into plain JavaScript once (dist/main.js and dist/cli.js), so a production
// start runs `node` on it: no TypeScript loader, no development packages, no compile at each start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
// Our own contract is TypeScript: it goes into the bundle. Every other package stays in node_modules.
const external = Object.keys(manifest.dependencies)
  .filter((name) => name !== '@netkart/contract')
  .flatMap((name) => [name, `${name}/*`]);

// Written beside dist and moved in file by file: `npm start`, the `store` command and the tests may
// build at the same time, and none of them must run a half-written file.
const staging = fs.mkdtempSync(path.join(root, '.dist-'));
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli/bin.ts',
    // The thread that reads a catalogue for an import (src/modules/catalog/import/read-in-worker.ts).
    'catalogue-worker': 'src/modules/catalog/import/catalogue-worker.ts',
  },
  outdir: staging,
  // Code only some commands need (the web server, the modules) in chunks of their own, loaded when
  // asked for: `store --help` reads none of it.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
// Chunks first: an entry is moved in only once every chunk it imports is there.
fs.mkdirSync(path.join(root, 'dist', 'chunks'), { recursive: true });
for (const file of fs.readdirSync(path.join(staging, 'chunks')))
  fs.renameSync(path.join(staging, 'chunks', file), path.join(root, 'dist', 'chunks', file));
for (const file of fs.readdirSync(staging).filter((name) => name !== 'chunks'))
  fs.renameSync(path.join(staging, file), path.join(root, 'dist', file));
fs.rmSync(staging, { recursive: true, force: true });
console.log('server built into server/dist');
