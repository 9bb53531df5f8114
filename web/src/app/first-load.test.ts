// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The script a phone downloads before the home page is the shopper's: every script the page's HTML
 * loads or preloads (those its entry preloads once the content has painted included), and the home
 * page's own chunks with everything they import, gzipped. React
 * and ReactDOM alone are about 66 KB of it; the home page is at 147 KB, about 2.2 times that (React
 * Router ~30 KB and TanStack Query ~12 KB are most of the rest; the offline
 * notice, the category cards and the router's chunk of its own added ~4 KB). The message catalogue
 * took it from 148.4 to 155.3 KB: Lingui's runtime ~3 KB and the English catalogue ~4 KB (283 words,
 * every one on the first load). The catalogue is now in parts: the product, checkout and account
 * pages' words come with those pages, so with 533 words converted the home page is at 156.3 KB with
 * the shell's 298. Over the budget, this test fails.
 */
const HOME_SCRIPT_BUDGET_KB = 158;

const web = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['src', 'index.html', 'admin.html', 'public', 'vite.config.ts', '../contract/src'].map((part) =>
  path.join(web, part),
);

function newest(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(target).map((entry) => newest(path.join(target, entry))));
}

let scratch: string | undefined;

/** The shop's build: the one in dist when it is newer than the sources (`npm start` made it), else a fresh one. */
async function clientBuild(): Promise<string> {
  const dist = path.join(web, 'dist');
  const built = path.join(dist, 'index.html');
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > Math.max(...SOURCES.map(newest))) return dist;
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  // The test runner sets NODE_ENV=test, which would build React's development code.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: web, mode: 'production', logLevel: 'error', build: { outDir: scratch, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return scratch;
}

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** The scripts a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`), found in its text. */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)].map((match) => match[1] as string);

describe('the home page on a first visit', () => {
  it(`downloads at most ${HOME_SCRIPT_BUDGET_KB} KB of script, gzipped`, { timeout: 180_000 }, async () => {
    const dist = await clientBuild();
    const assets = path.join(dist, 'assets');
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const fromHtml = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(
      (match) => match[1] as string,
    );
    // The home page's own chunks are loaded before the page is taken over (see createHydratingRouter):
    // its page, the loaders and the catalogue's shared chunk, which holds them.
    const homeChunks = fs.readdirSync(assets).filter((file) => /^(HomePage|loaders|catalogue)-[\w-]+\.js$/.test(file));
    expect(fromHtml.length).toBeGreaterThan(0);
    expect(homeChunks).toHaveLength(3);

    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const imported of staticImports(fs.readFileSync(path.join(assets, file), 'utf8'))) visit(imported);
    };
    for (const file of [...fromHtml, ...homeChunks]) visit(file);

    const gzippedKb =
      [...loaded].reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, file))).length, 0) / 1024;
    console.log(`home page, first visit: ${loaded.size} scripts, ${gzippedKb.toFixed(1)} KB gzipped`);
    expect(gzippedKb).toBeLessThanOrEqual(HOME_SCRIPT_BUDGET_KB);
  });

  it('asks for no script but its small entry until the content has painted', { timeout: 180_000 }, async () => {
    const dist = await clientBuild();
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const takeOver = /<template id="take-over">([\s\S]*?)<\/template>/;
    const template = html.match(takeOver)?.[1] ?? '';
    const outside = html.replace(takeOver, '');
    const asked = [...outside.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(
      (match) => match[1] as string,
    );
    // The entry and Vite's preload helper: nothing of the framework or the shop.
    const askedKb =
      asked.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', file))).length, 0) /
      1024;
    expect(asked.length).toBeGreaterThan(0);
    expect(askedKb).toBeLessThan(2);
    // And the one script inside the page, which holds taps made before the app takes over.
    const inline = [...outside.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('netkartEarlyActions');
    expect(zlib.gzipSync(inline[0] ?? '').length / 1024).toBeLessThan(1.5);
    // What the entry asks for then, together: the framework, the take-over and the shop's shell.
    for (const name of ['framework', 'take-over', 'boot', 'shell'])
      expect(template).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${name}-[\\w-]+\\.js">`),
      );
  });
});
