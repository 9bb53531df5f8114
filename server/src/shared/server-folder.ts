import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's own folder (the one with its package.json), found from a module's address: the
 * same from the TypeScript sources (src/…) and from the build, whose code sits in dist/ and
 * dist/chunks/ (see scripts/build.mjs).
 */
export function serverFolder(moduleUrl: string): string {
  let folder = path.dirname(fileURLToPath(moduleUrl));
  while (!fs.existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${fileURLToPath(moduleUrl)}`);
    folder = parent;
  }
  return folder;
}
