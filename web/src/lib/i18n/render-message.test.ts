// @vitest-environment node
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMessage } from './render-message';

/** Every catalogue as written, compiled as the build compiles it. */
const written = import.meta.glob<string>('./messages/**/*.json', { query: '?raw', import: 'default', eager: true });
const compiledIn = (language: 'en' | 'hi') =>
  Object.fromEntries(
    Object.entries(written)
      .filter(([file]) => file.endsWith(`/${language}.json`))
      .flatMap(([, text]) => Object.entries(JSON.parse(text) as Record<string, string>))
      .map(([key, message]) => [key, compileMessage(message)]),
  );

/** Values for any message: each name a word, and counts where a message counts. */
const valuesWith = (count: number) =>
  new Proxy({} as Record<string, unknown>, {
    get: (_target, name) =>
      ['count', 'total', 'ended', 'stock', 'cap', 'max', 'min', 'page', 'pages', 'n'].includes(String(name))
        ? count
        : `<${String(name)}>`,
  });

afterEach(() => vi.restoreAllMocks());

describe('a catalogue message in words', () => {
  for (const language of ['en', 'hi'] as const) {
    it(`reads as Lingui reads it, every ${language} message, for counts of 0, 1, 2, 7 and 1,000`, () => {
      const i18n = setupI18n({ locale: language, messages: { [language]: compiledIn(language) } });
      for (const key of Object.keys(i18n.messages))
        for (const count of [0, 1, 2, 7, 1000])
          expect(renderMessage(i18n, key, valuesWith(count)), `${key} (${count})`).toBe(i18n._(key, valuesWith(count)));
    });
  }

  it('says 1 item and 0 items in English, and एक for 0 and 1 in Hindi, as CLDR does', () => {
    const english = setupI18n({ locale: 'en', messages: { en: compiledIn('en') } });
    const hindi = setupI18n({
      locale: 'hi',
      messages: { hi: { ...compiledIn('hi'), test: compileMessage('{n, plural, one {एक} other {कई}}') } },
    });
    expect(renderMessage(english, 'nav.cartWithItems', { count: 1 })).toBe('Cart, 1 item');
    expect(renderMessage(english, 'nav.cartWithItems', { count: 0 })).toBe('Cart, 0 items');
    expect(renderMessage(hindi, 'test', { n: 0 })).toBe('एक');
    expect(renderMessage(hindi, 'test', { n: 1 })).toBe('एक');
    expect(renderMessage(hindi, 'test', { n: 2 })).toBe('कई');
  });

  it('writes a plural’s number the Indian way, without an Intl formatter (whose first use loads locale data)', () => {
    const formatter = vi.spyOn(Intl, 'NumberFormat');
    const i18n = setupI18n({ locale: 'en', messages: { en: compiledIn('en') } });
    expect(renderMessage(i18n, 'changePassword.signedOut', { ended: 100000 })).toBe(
      '1,00,000 other devices were signed out.',
    );
    expect(renderMessage(i18n, 'nav.cartWithItems', { count: 3 })).toBe('Cart, 3 items');
    expect(formatter).not.toHaveBeenCalled();
  });

  it('leaves to Lingui what it does not read: a missing key, a number argument', () => {
    const i18n = setupI18n({
      locale: 'en',
      messages: { en: { priced: compileMessage('{amount, number} in all') } },
    });
    expect(renderMessage(i18n, 'nowhere')).toBe(i18n._('nowhere'));
    expect(renderMessage(i18n, 'priced', { amount: 1500 })).toBe('1,500 in all');
  });
});
