import { searchTokens } from './text.js';

/**
 * Words that carry no meaning in a product search, in English and in Hinglish as shoppers in
 * India type it: "hub for macbook" is "hub macbook", "laptop ka stand" is "laptop stand",
 * "best charger" is "charger". (A word that matches nothing is dropped later anyway; these are
 * dropped even when some description happens to use them.)
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  // English
  ...'a an the for with and of to in on by or my me i want need buy online shop store india indian price prices rate cost best top good great new latest original genuine quality branded brand offer offers deal deals sale please any some which that this is are'.split(
    ' ',
  ),
  // Hinglish
  ...'ka ki ke ko wala wali wale waala waali waale liye liya lie mein me mai se aur ya hai hain kya koi chahiye chaiye chahie dikhao dikhaiye bhai acha achha accha achchha badhiya badiya mast sabse sab bahut ekdum naya nayi naye asli'.split(
    ' ',
  ),
  // Hindi in Devanagari, read as the index reads it (see text.ts)
  ...['का', 'की', 'के', 'के लिए', 'लिए', 'वाला', 'में', 'और', 'सबसे', 'अच्छा'].flatMap((word) => searchTokens(word)),
]);

/** Words that ask for the cheapest first ("sasta charger"): dropped, and the listing sorted by price. */
export const CHEAP_WORDS: ReadonlySet<string> = new Set(
  [
    ...'sasta sasti saste sastaa cheap cheapest cheaper budget affordable lowest economical kifayati'.split(' '),
    ...['सस्ता', 'सस्ती', 'सस्ते'].flatMap((word) => searchTokens(word)),
  ].filter(Boolean),
);

/** Words that ask for the dearest first ("mehenga", "premium"). */
export const DEAR_WORDS: ReadonlySet<string> = new Set(
  'mehenga mehnga mehanga mehngi mehengi costly expensive premium costliest'.split(' '),
);
