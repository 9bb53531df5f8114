/**
 * The shop's Hindi glossary (docs/hindi-glossary.json): for each idea the one Hindi word the shop
 * uses and the words it does not. The storefront's catalogues and the server's email texts are
 * tested against it with the one matcher below.
 */
export interface HindiGlossary {
  terms: { en: string; use: string; rejected: string[] }[];
  letters: { use: string; rejected: string[] };
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rejected word as a whole word: not inside a longer one (खाते in दिखाते is not the word खाते). */
const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${literal(word.normalize('NFC'))}(?![\\p{L}\\p{M}\\p{N}])`, 'u');

/** What finds the glossary's rejected words (and letters) in a text, each with the word to use instead. */
export function hindiGlossaryCheck(glossary: HindiGlossary): (text: string) => { word: string; use: string }[] {
  const rules = [
    ...glossary.terms.flatMap((term) =>
      term.rejected.map((word) => ({ word, use: term.use, pattern: wholeWord(word) })),
    ),
    ...glossary.letters.rejected.map((letter) => ({
      word: letter,
      use: glossary.letters.use,
      pattern: new RegExp(literal(letter.normalize('NFC')), 'u'),
    })),
  ];
  return (text) => {
    const normal = text.normalize('NFC');
    return rules.filter((rule) => rule.pattern.test(normal)).map(({ word, use }) => ({ word, use }));
  };
}
