// The import graph of the server's and the storefront's production sources, resolved to real files:
// a rule judges where an import lands, not how its specifier is spelled (`../../payment/api` and
// `@/features/payment/api` are the same reach).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The source roots walked, relative to the repository. */
export const SOURCE_ROOTS = ['server/src', 'web/src'];

const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
// Tests may import whatever they exercise; only what ships is held to the rooms.
const TEST_FILE = /\.test\.(ts|tsx|mjs)$|^web\/src\/test\//;

/** Every production source file under the roots, as repository-relative paths with forward slashes. */
export function listSources(root) {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(child);
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') && !TEST_FILE.test(child)) {
        files.push(child);
      }
    }
  };
  for (const sourceRoot of SOURCE_ROOTS) {
    try {
      walk(sourceRoot);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
  }
  return files.sort();
}

// The storefront's alias, as web/tsconfig.json declares it.
const ALIASES = [{ prefix: '@/', target: 'web/src/' }];

/** The file a specifier names, or null for a package (or a file that does not exist). */
export function resolveSpecifier(from, specifier, known) {
  let base;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else {
    const alias = ALIASES.find((a) => specifier.startsWith(a.prefix) && from.startsWith(a.target));
    if (!alias) return null;
    base = alias.target + specifier.slice(alias.prefix.length);
  }
  // TypeScript's ESM spelling names the emitted `.js`; the source is the `.ts` beside it.
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/**
 * Each file's imports: static imports, re-exports and dynamic `import()`s, with the file each lands on
 * (null for a package). Reads each file once; the text is kept for the table rule.
 */
export function buildGraph(root, files = listSources(root)) {
  const known = new Set(files);
  const modules = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const imports = importedFiles.map(({ fileName }) => ({
      specifier: fileName,
      target: resolveSpecifier(file, fileName, known),
    }));
    modules.set(file, { text, imports });
  }
  return modules;
}
