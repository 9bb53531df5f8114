// @vitest-environment node
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { createI18n, englishT, messagesOf, WORD_PARTS } from '.';

/** The catalogues as written (their compiled form is what the pages import): the shell's and each part's. */
const written = import.meta.glob<string>('./messages/**/*.json', { query: '?raw', import: 'default', eager: true });
const catalogue = (file: string) => JSON.parse(written[`./messages/${file}`] ?? '{}') as Record<string, string>;
const parts = ['', ...WORD_PARTS.map((part) => `${part}/`)];
const en = Object.assign({}, ...parts.map((part) => catalogue(`${part}en.json`))) as Record<string, string>;
const hi = Object.assign({}, ...parts.map((part) => catalogue(`${part}hi.json`))) as Record<string, string>;

/** The names a message fills in: {count}, {q}, {count, plural, …} (a compiled message's arrays). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: unknown[]) => {
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      names.add(String(part[0]));
      const options = part[2];
      if (options && typeof options === 'object') {
        for (const branch of Object.values(options)) if (Array.isArray(branch)) walk(branch);
      }
    }
  };
  const compiledMessage = compileMessage(message);
  if (Array.isArray(compiledMessage)) walk(compiledMessage);
  return [...names].sort();
}

describe('the message catalogues', () => {
  it('are the shell and the parts the pages fetch, each key in one of them only', () => {
    expect(Object.keys(written).sort()).toEqual(
      parts.flatMap((part) => [`./messages/${part}en.json`, `./messages/${part}hi.json`]).sort(),
    );
    const keys = parts.flatMap((part) => Object.keys(catalogue(`${part}en.json`)));
    expect(keys.length).toBe(new Set(keys).size);
    for (const part of parts)
      expect(Object.keys(catalogue(`${part}hi.json`)).sort(), part).toEqual(
        Object.keys(catalogue(`${part}en.json`)).sort(),
      );
  });

  it('have the same keys in English and Hindi: a key missing from either fails', () => {
    const missingInHindi = Object.keys(en).filter((key) => !(key in hi));
    const missingInEnglish = Object.keys(hi).filter((key) => !(key in en));
    expect(missingInHindi).toEqual([]);
    expect(missingInEnglish).toEqual([]);
  });

  it('have no empty message, and every Hindi message is written in Devanagari', () => {
    for (const [key, message] of [...Object.entries(en), ...Object.entries(hi)]) {
      expect(message.trim(), key).not.toBe('');
    }
    // Words shoppers write in English as they are (brand and trade names) would be listed here.
    // A placeholder's name ({name}: {reason}।) is no word.
    const latinOnly = Object.entries(hi)
      .map(([key, message]) => [key, message.replace(/\{\w+\}/g, '')] as const)
      .filter(([, words]) => /\p{L}/u.test(words) && !/\p{Script=Devanagari}/u.test(words));
    expect(latinOnly).toEqual([]);
  });

  it('fill in the same names in both languages', () => {
    for (const key of Object.keys(en)) {
      expect(placeholders(hi[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it("keep the spec's English words", () => {
    expect(englishT('nav.allProducts')).toBe('All Products');
    expect(englishT('listing.menHeading')).toBe("Men's Collection");
    expect(englishT('listing.showing', { from: 1, to: 12, total: 44 })).toBe('Showing 1 to 12 of 44 items');
    expect(englishT('nav.cartWithItems', { count: 1 })).toBe('Cart, 1 item');
    expect(englishT('nav.cartWithItems', { count: 3 })).toBe('Cart, 3 items');
  });

  it('show the English words where a Hindi one is missing, never a key name', async () => {
    const hindiPage = createI18n('hi', await messagesOf('hi'));
    expect(hindiPage._('nav.allProducts')).toBe('सभी प्रोडक्ट');
    const partial = createI18n('hi', { ...(await messagesOf('en')) });
    expect(partial._('nav.allProducts')).toBe('All Products');
  });
});
