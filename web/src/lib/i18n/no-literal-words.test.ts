// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalWords } from '@/test/literal-words';

/**
 * Every word the storefront shows comes from the message catalogue. The files below still have
 * words of their own: each list is the work left, and a file that no longer has any must leave it.
 */

/** Not yet converted. */
const NOT_YET_CONVERTED: string[] = ['app/pages/ApiTestPage.tsx'];

const src = path.resolve(import.meta.dirname, '../..');

/** The storefront's components (not the back office's, not tests). */
function components(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'admin' || entry.name === 'test' ? [] : components(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path.relative(src, full)] : [];
  });
}

describe('words outside the message catalogue', () => {
  const files = components(src);
  const left = new Set(NOT_YET_CONVERTED);

  it('are in no storefront component but those listed as not yet converted', () => {
    const found = files
      .filter((file) => !left.has(file))
      .flatMap((file) =>
        literalWords(file, fs.readFileSync(path.join(src, file), 'utf8')).map(
          ({ line, text }) => `${file}:${line} ${text}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it('are still in every file listed as not yet converted (a converted file leaves the list)', () => {
    const converted = [...left].filter(
      (file) => !files.includes(file) || literalWords(file, fs.readFileSync(path.join(src, file), 'utf8')).length === 0,
    );
    expect(converted).toEqual([]);
  });
});
