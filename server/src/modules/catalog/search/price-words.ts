import { withAsciiDigits } from './text.js';

/**
 * A price a shopper writes into the search box, as shoppers in India write it: "under 1000",
 * "below ₹500", "less than 2k", "upto 1500", "1000 se kam", "2000 tak", "above 500",
 * "500 se zyada", "500 to 1000", "₹1k". The phrase becomes a price filter and leaves the words.
 *
 * A number is read as a price only beside a price word or a rupee mark, and never when a unit
 * follows it ("under 15 inch", "2.5 gbps", "65w" and "4k" stay words of the search).
 */

/** The price range the words asked for, in rupees; either end may be open. */
export interface PriceWords {
  min: number | null;
  max: number | null;
}

/** Words that say what a number measures, when it is no price. */
const UNITS = new Set(
  'g gb gbe gbps gbit mbps mb tb kb w watt watts v volt mah m mm cm metre meter metres meters ft feet inch inches in hz ghz mhz port ports p fps x pcs pc piece pieces pack gen'.split(
    ' ',
  ),
);

const RUPEE = String.raw`(?:₹|rs\.?|inr|rupees?|rupaye|rupay|रुपये|रुपए|रुपया|रु\.?)`;
/** A number of rupees: "1000", "1,499", "₹1k", "1.5k", "2 thousand", "rs. 500/-". */
const AMOUNT = String.raw`(${RUPEE}\s*)?(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|hazaa?r|lakh|lac)?(\s*(?:${RUPEE}|\/-))?`;

const BEFORE_MAX = String.raw`under|below|less\s+than|lesser\s+than|not\s+more\s+than|within|upto|up\s+to|till|max(?:imum)?|budget(?:\s+of)?|<=?`;
const AFTER_MAX = String.raw`se\s+(?:kam|kum|niche|neeche|nich[ae])|ke\s+(?:andar|under|niche|neeche|bhitar)|tak|or\s+less|and\s+(?:below|under|less)|or\s+below|max|से\s+(?:कम|नीचे)|के\s+(?:अंदर|अन्दर|नीचे|भीतर)|तक`;
const BEFORE_MIN = String.raw`above|over|more\s+than|greater\s+than|min(?:imum)?|starting(?:\s+from)?|>=?`;
const AFTER_MIN = String.raw`se\s+(?:zyada|jyada|zada|jada|upar|uppar|adhik)|and\s+(?:above|more|up)|or\s+more|onwards|plus|\+|से\s+(?:ज\u093C?्यादा|अधिक|ऊपर)`;

// A vowel sign (\p{M}) is part of a Devanagari word: "तकिया" does not end at "तक".
const END = String.raw`(?=$|[^\p{L}\p{N}\p{M}])`;
const START = String.raw`(?<=^|[^\p{L}\p{N}₹])`;

const RANGE = new RegExp(
  `${START}(?:between\\s+|from\\s+)?${AMOUNT}\\s*(?:to|-|–|and|se)\\s*${AMOUNT}(?:\\s*(?:tak|ke\\s+beech|ke\\s+bich))?${END}`,
  'giu',
);
const MAX_BEFORE = new RegExp(`${START}(?:${BEFORE_MAX})\\s*${AMOUNT}${END}`, 'giu');
const MAX_AFTER = new RegExp(`${START}${AMOUNT}\\s*(?:${AFTER_MAX})${END}`, 'giu');
const MIN_BEFORE = new RegExp(`${START}(?:${BEFORE_MIN})\\s*${AMOUNT}${END}`, 'giu');
const MIN_AFTER = new RegExp(`${START}${AMOUNT}\\s*(?:${AFTER_MIN})${END}`, 'giu');
/** A lone amount with a rupee mark ("₹1k", "999 rs") is a budget: at most that much. */
const MARKED = new RegExp(`${START}${AMOUNT}${END}`, 'giu');

const MULTIPLIER: Record<string, number> = {
  k: 1000,
  thousand: 1000,
  hazar: 1000,
  hazaar: 1000,
  lakh: 100_000,
  lac: 100_000,
};

/** Rupees of one AMOUNT match (its groups from `at`), or undefined when it is no price. */
function rupees(groups: (string | undefined)[], at: number, after: string, needsMark: boolean): number | undefined {
  const [before, digits, multiplier, behind] = groups.slice(at, at + 4);
  const marked = Boolean(before || behind);
  if (needsMark && !marked) return undefined;
  // "under 15 inch": a unit says the number is no price.
  if (!marked && !multiplier) {
    const next = /^\s*([\p{L}]+)/u.exec(after)?.[1]?.toLowerCase();
    if (next && UNITS.has(next)) return undefined;
  }
  const value =
    Number((digits ?? '').replace(/,/g, '')) * (multiplier ? (MULTIPLIER[multiplier.toLowerCase()] ?? 1) : 1);
  return Number.isFinite(value) && value > 0 && value <= 1e9 ? Math.round(value) : undefined;
}

/**
 * The price phrases in a text, and the text without them. The last phrase of each kind wins;
 * a range whose ends are given the wrong way round is read the right way round.
 */
export function readPriceWords(text: string): { price: PriceWords | null; rest: string } {
  let min: number | null = null;
  let max: number | null = null;
  // Devanagari digits (१०००) read as the digits they are; nukta letters in one form.
  let rest = withAsciiDigits(text).normalize('NFC');
  const take = (pattern: RegExp, read: (groups: (string | undefined)[], after: string) => boolean) => {
    rest = rest.replace(pattern, (...args: unknown[]) => {
      // replace's arguments: the match, its groups, then the match's offset and the whole text.
      const at = args.findIndex((arg) => typeof arg === 'number');
      const whole = args[0] as string;
      const after = (args[at + 1] as string).slice((args[at] as number) + whole.length);
      return read(args.slice(1, at) as (string | undefined)[], after) ? ' ' : whole;
    });
  };
  take(RANGE, (groups, after) => {
    const low = rupees(groups, 0, ' ', false);
    const high = rupees(groups, 4, after, false);
    // "usb 3.0 to 2.5": neither end marked as rupees and too small to be a price here.
    const marked = groups.slice(0, 8).some((group, index) => (index % 4 === 0 || index % 4 === 3) && group);
    if (low === undefined || high === undefined || (!marked && Math.max(low, high) < 100)) return false;
    min = Math.min(low, high);
    max = Math.max(low, high);
    return true;
  });
  const one = (pattern: RegExp, set: (value: number) => void, needsMark = false) =>
    take(pattern, (groups, after) => {
      const value = rupees(groups, 0, after, needsMark);
      if (value === undefined) return false;
      set(value);
      return true;
    });
  one(MAX_BEFORE, (value) => {
    max = value;
  });
  one(MAX_AFTER, (value) => {
    max = value;
  });
  one(MIN_BEFORE, (value) => {
    min = value;
  });
  one(MIN_AFTER, (value) => {
    min = value;
  });
  if (min === null && max === null)
    one(
      MARKED,
      (value) => {
        max = value;
      },
      true,
    );
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return { price: min === null && max === null ? null : { min, max }, rest };
}
