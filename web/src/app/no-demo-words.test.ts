// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_POLICIES } from '@/features/policies/policy-texts';

/**
 * A merchant's shop says only the merchant's words, or neutral ones: the texts the storefront
 * brings of its own (About Us, the empty cart, the policies' defaults, headings, notices) name
 * none of the demo catalogue's products. The demo's words reach a shop only from its own store
 * details and catalogue, which the merchant writes.
 */
const DEMO_WORDS =
  /\b(networking|laptops?|adapters?|adaptors?|hubs?|docks?|docking|chargers?|cables?|ethernet|routers?|pendrives?|power banks?|LAN|USB|Wi-?Fi)\b/i;

const web = path.resolve(import.meta.dirname, '../..');
/** The shopper's storefront: everything but the back office, tests and test helpers. */
const SHOP_SOURCES = path.join(web, 'src');
const LEFT_OUT = new Set(['admin', 'test']);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return LEFT_OUT.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Comments say what the code does, to its readers; only what is left can reach a shopper. */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1');

/**
 * The texts a file can show: its string literals and the text between JSX tags. A single word
 * without a space (an icon's name, a class, a key) is no sentence a shopper reads.
 */
function textsOf(code: string): string[] {
  const literals = [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
  const jsxText = [...code.matchAll(/>([^<>{}=;]+)</g)].map((match) => match[1] ?? '');
  return [...literals, ...jsxText].map((text) => text.trim()).filter((text) => /\s/.test(text));
}

describe("the storefront's own texts", () => {
  it("name none of the demo's products", () => {
    const found = sourceFiles(SHOP_SOURCES).flatMap((file) =>
      textsOf(withoutComments(fs.readFileSync(file, 'utf8')))
        .filter((text) => DEMO_WORDS.test(text))
        .map((text) => `${path.relative(web, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it("keep the policies' and About Us's default words neutral", () => {
    const words = JSON.stringify(BUILT_IN_POLICIES);
    expect(words).not.toMatch(DEMO_WORDS);
    expect(words).toContain('{{companyName}}');
  });
});
