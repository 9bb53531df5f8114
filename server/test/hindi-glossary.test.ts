import fs from 'node:fs';
import {
  COD_NOT_CONFIRMED_REASON,
  COD_PAYMENT,
  type HindiGlossary,
  hindiGlossaryCheck,
  ORDER_EXPIRED_REASON,
  RETURNED_TO_ORIGIN_REASON,
} from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import { hindiTexts } from '../src/modules/messages/texts/hi.js';

/**
 * The emails' Hindi follows the shop's glossary (docs/hindi-glossary.json, which the storefront's
 * catalogues are tested against too): none of the words it rejects for an idea, in any email text.
 */
const rejectedIn = hindiGlossaryCheck(
  JSON.parse(fs.readFileSync(new URL('../../docs/hindi-glossary.json', import.meta.url), 'utf8')) as HindiGlossary,
);

/** Every text the Hindi emails can show: each function called with stand-ins for what it fills in. */
function emailTexts(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node === 'function') {
    const fill = (...args: unknown[]) => {
      const text = (node as (...a: unknown[]) => unknown)(...args);
      return typeof text === 'string' ? text : '';
    };
    const stand = Array.from({ length: node.length }, (_, i) => `X${i}`);
    const texts: [string, string][] = [[path, fill(...stand)]];
    if (path.endsWith('.payByHand')) texts.push([`${path}(cod)`, fill(COD_PAYMENT)]);
    if (path.endsWith('.cancelled'))
      for (const reason of [ORDER_EXPIRED_REASON, RETURNED_TO_ORIGIN_REASON, COD_NOT_CONFIRMED_REASON])
        texts.push([`${path}(${reason})`, fill('X0', reason)]);
    return texts;
  }
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => emailTexts(value, path ? `${path}.${key}` : key));
  return [];
}

describe('the Hindi emails follow the glossary', () => {
  const texts = emailTexts(hindiTexts, '');

  it('cover every part of the emails, with the reasons the shop gives for cancelling', () => {
    const paths = texts.map(([path]) => path);
    for (const part of ['order', 'refund', 'account', 'returns', 'review', 'cart', 'stock'])
      expect(
        paths.some((path) => path.startsWith(`${part}.`)),
        part,
      ).toBe(true);
    expect(texts.find(([path]) => path === `order.cancelled(${ORDER_EXPIRED_REASON})`)?.[1]).toContain(
      'भुगतान नहीं मिला',
    );
  });

  it('use none of the words the glossary rejects', () => {
    const found = texts.flatMap(([path, text]) =>
      rejectedIn(text).map(({ word, use }) => `${path}: “${word}”, use “${use}”`),
    );
    expect(found).toEqual([]);
  });

  it('find a rejected word as a whole word only', () => {
    expect(rejectedIn('आपका खाता तैयार है').map(({ word }) => word)).toEqual(['खाता']);
    expect(rejectedIn('स्टोर रिव्यू दिखाता है')).toEqual([]);
  });
});
