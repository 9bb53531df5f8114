import { DEVANAGARI_TRADE_WORDS } from './devanagari-words.js';
import { searchTokens } from './text.js';

/**
 * Words a shopper uses for one another, matched in either direction: a query with one of them
 * finds products that say any of them. Each group is written as shoppers type; the store adds its
 * own groups (store info `searchSynonyms`).
 */
export const BUILT_IN_SYNONYMS: readonly string[][] = [
  ['g', 'gbps', 'gb', 'gbe', 'gbit'],
  ['gigabit', '1 gbps'],
  ['w', 'watt', 'watts'],
  ['m', 'metre', 'meter', 'metres', 'meters'],
  ['laptop', 'notebook', 'लैपटॉप'],
  // Hinglish, and Hindi as typed on a phone's keyboard, beside the English.
  ['cable', 'cord', 'wire', 'tar', 'taar', 'केबल', 'तार'],
  ['charger', 'power adapter', 'power brick', 'charjar', 'chargar', 'चार्जर'],
  ['ssd', 'solid state drive'],
  ['hdd', 'hard drive', 'hard disk'],
  ['mouse', 'mice', 'माउस'],
  ['4k', 'uhd', '2160p'],
  ['dock', 'docking station'],
  ['adapter', 'adaptor', 'dongle', 'converter'],
  ['tb', 'terabyte'],
  // Memory cards, however they are written: "sd card" finds the microSD card.
  [
    'microsd',
    'micro sd',
    'microsd card',
    'micro sd card',
    'sd card',
    'tf card',
    'memory card',
    'microsdxc',
    'microsdhc',
  ],
  ['phone', 'mobile', 'smartphone', 'फोन', 'मोबाइल'],
  ['fan', 'pankha', 'cooler', 'पंखा'],
  ['bag', 'jhola', 'thaila', 'backpack', 'बैग'],
  ['keyboard', 'कीबोर्ड'],
  ['ethernet', 'internet'],
];

/**
 * The built-in groups with the Devanagari spellings of their words (devanagari-words.ts) added to
 * the group that has the English word, or as a group of their own: a word in two groups would be
 * read as whichever came first.
 */
export function withDevanagari(
  groups: readonly (readonly string[])[],
  table: Readonly<Record<string, readonly string[]>> = DEVANAGARI_TRADE_WORDS,
): string[][] {
  const merged = groups.map((group) => [...group]);
  for (const [english, spellings] of Object.entries(table)) {
    const group = merged.find((words) => words.includes(english));
    if (group) group.push(...spellings.filter((spelling) => !group.includes(spelling)));
    else merged.push([english, ...spellings]);
  }
  return merged;
}

/** One word of a query: it matches when any of its phrasings does (each a run of tokens). */
export interface QueryTerm {
  phrasings: string[][];
  /** The tokens the shopper typed for it (after spelling correction). */
  typed: string[];
}

/** Synonym groups as token runs, longest first so "power adapter" wins over "adapter". */
export function synonymTable(groups: readonly (readonly string[])[]): string[][][] {
  return groups
    .map((group) => group.map((words) => searchTokens(words)).filter((tokens) => tokens.length > 0))
    .filter((group) => group.length > 1);
}

/** Reads the tokens left to right, turning each run that names a synonym into all its phrasings. */
export function termsOf(tokens: string[], table: string[][][]): QueryTerm[] {
  const terms: QueryTerm[] = [];
  let at = 0;
  while (at < tokens.length) {
    let best: { group: string[][]; length: number } | undefined;
    for (const group of table) {
      for (const phrasing of group) {
        const fits = phrasing.every((token, offset) => tokens[at + offset] === token);
        if (fits && phrasing.length > (best?.length ?? 0)) best = { group, length: phrasing.length };
      }
    }
    if (best) {
      terms.push({ phrasings: best.group, typed: tokens.slice(at, at + best.length) });
      at += best.length;
    } else {
      const token = tokens[at] as string;
      terms.push({ phrasings: [[token]], typed: [token] });
      at += 1;
    }
  }
  return terms;
}

/** Tokens that every synonym group knows, so the speller leaves them alone. */
export function synonymTokens(table: string[][][]): Set<string> {
  return new Set(table.flat(2));
}
