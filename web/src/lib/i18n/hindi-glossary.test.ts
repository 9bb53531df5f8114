// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HINDI_GLOSSARY, rejectedHindiWords } from './hindi-glossary';

/** The Hindi catalogues as written: the shell's and each part's. */
const written = import.meta.glob<string>('./messages/**/hi.json', { query: '?raw', import: 'default', eager: true });

describe('the Hindi catalogues follow the glossary', () => {
  it('are the four catalogues the pages load', () => {
    expect(Object.keys(written).sort()).toEqual([
      './messages/account/hi.json',
      './messages/checkout/hi.json',
      './messages/hi.json',
      './messages/product/hi.json',
    ]);
  });

  it('use none of the words the glossary rejects', () => {
    const found = Object.entries(written).flatMap(([file, text]) =>
      Object.entries(JSON.parse(text) as Record<string, string>).flatMap(([key, message]) =>
        rejectedHindiWords(message).map(({ word, use }) => `${file} ${key}: “${word}”, use “${use}”`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds a rejected word as a whole word, in either spelling of a nukta letter', () => {
    expect(rejectedHindiWords('मेरा खाता')).toEqual([{ word: 'खाता', use: 'अकाउंट' }]);
    expect(rejectedHindiWords('स्टोर रिव्यू दिखाता है')).toEqual([]);
    expect(rejectedHindiWords('अभी पेमेंट करें').map(({ word }) => word)).toEqual(['पेमेंट']);
    expect(rejectedHindiWords('ऑर्डर (मुख्य)').map(({ word }) => word)).toEqual(['(मुख्य)']);
    expect(rejectedHindiWords('सीधे मुख्य हिस्से पर जाएँ')).toEqual([]);
    // क़ written as one code point (U+0958) and as क + nukta.
    expect(rejectedHindiWords('\u0958ीमत').map(({ word }) => word)).toEqual(['क़']);
    expect(rejectedHindiWords('\u0915\u093Cीमत').map(({ word }) => word)).toEqual(['क़']);
    expect(rejectedHindiWords('कीमत')).toEqual([]);
  });

  it('names a word to use for each idea', () => {
    for (const term of HINDI_GLOSSARY.terms) expect(term.use, term.en).not.toBe('');
  });
});
