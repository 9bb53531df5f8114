import type { I18n } from '@lingui/core';
import { formatCount } from '@netkart/contract';

/**
 * A catalogue message in words, from the ICU form the build compiled it to (Lingui's: text,
 * `[name]`, and `[name, 'plural' | 'select', cases]`). Lingui's own interpreter
 * writes a plural's number with an Intl.NumberFormat, and a phone's first Intl formatter loads the
 * locale's data: 20–30 ms on this machine, 70–110 ms at Lighthouse's 4× slower CPU, inside the
 * hydration of every page (the header's cart button is a plural). Here numbers are written out as
 * prices are (formatCount) and plural categories come from the shop's two languages' rules.
 * Anything else (a message not compiled, a `number` or `date` argument) is left to Lingui.
 */

type Token = string | [name: string, type?: string, cases?: Record<string, Token[] | string>];

/** CLDR's cardinal rules of the shop's languages, for whole counts: English "one" is 1; Hindi's is 0 and 1. */
const CARDINAL: Record<string, (count: number) => 'one' | 'other'> = {
  en: (count) => (count === 1 ? 'one' : 'other'),
  hi: (count) => (count === 0 || count === 1 ? 'one' : 'other'),
};

/** A message this renderer leaves to Lingui. */
class NotOurs extends Error {}

const ESCAPE = /\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}/;

function render(tokens: Token[] | string, values: Record<string, unknown>, language: string, count?: number): string {
  if (typeof tokens === 'string') return tokens;
  let text = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? formatCount(count) : token;
      continue;
    }
    const [name, type, cases] = token;
    const value = values[name];
    if (type === undefined) {
      if (value != null) text += String(value);
      continue;
    }
    if (!cases || (type !== 'plural' && type !== 'select')) throw new NotOurs();
    if (type === 'select') {
      const chosen = cases[String(value)] ?? cases.other;
      if (chosen !== undefined) text += render(chosen, values, language, count);
      continue;
    }
    const offset = Number(cases.offset ?? 0);
    const number = Number(value) - offset;
    const rules = CARDINAL[language];
    if (!rules || !Number.isInteger(number)) throw new NotOurs();
    const chosen = cases[String(value)] ?? cases[rules(number)] ?? cases.other;
    if (chosen !== undefined) text += render(chosen, values, language, number);
  }
  return text;
}

/** `key`'s message in `i18n`'s language with `values` filled in: what `i18n._(key, values)` gives. */
export function renderMessage(i18n: I18n, key: string, values: Record<string, unknown> = {}): string {
  const message = i18n.messages[key] as Token[] | string | undefined;
  if (!Array.isArray(message)) return i18n._(key, values);
  try {
    const text = render(message, values, i18n.locale.split('-')[0] ?? i18n.locale);
    // Lingui turns \\u escapes left in a message into their characters; none of ours has one.
    return ESCAPE.test(text) ? i18n._(key, values) : text;
  } catch (error) {
    if (error instanceof NotOurs) return i18n._(key, values);
    throw error;
  }
}
