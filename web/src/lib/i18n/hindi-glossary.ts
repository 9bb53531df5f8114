import glossaryText from '../../../../docs/hindi-glossary.json?raw';

/** One idea of the glossary: the Hindi word the shop uses for it and the words it does not. */
export interface GlossaryTerm {
  en: string;
  use: string;
  rejected: string[];
}

interface Glossary {
  terms: GlossaryTerm[];
  letters: { use: string; rejected: string[] };
}

/** The shop's Hindi glossary (docs/hindi-glossary.json, read by the server's test too). */
export const HINDI_GLOSSARY = JSON.parse(glossaryText) as Glossary;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rejected word as a whole word: not inside a longer one (खाते in दिखाते is not the word खाते). */
const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${literal(word.normalize('NFC'))}(?![\\p{L}\\p{M}\\p{N}])`, 'u');

const rules = [
  ...HINDI_GLOSSARY.terms.flatMap((term) =>
    term.rejected.map((word) => ({ word, use: term.use, pattern: wholeWord(word) })),
  ),
  ...HINDI_GLOSSARY.letters.rejected.map((letter) => ({
    word: letter,
    use: HINDI_GLOSSARY.letters.use,
    pattern: new RegExp(literal(letter.normalize('NFC')), 'u'),
  })),
];

/** The glossary's rejected words (and letters) a text uses, each with the word to use instead. */
export function rejectedHindiWords(text: string): { word: string; use: string }[] {
  const normal = text.normalize('NFC');
  return rules.filter((rule) => rule.pattern.test(normal)).map(({ word, use }) => ({ word, use }));
}
