import { type HindiGlossary, hindiGlossaryCheck } from '@netkart/contract';
import glossaryText from '../../../../docs/hindi-glossary.json?raw';

/** The shop's Hindi glossary (docs/hindi-glossary.json, read by the server's test too). */
export const HINDI_GLOSSARY = JSON.parse(glossaryText) as HindiGlossary;

/** The glossary's rejected words (and letters) a text uses, each with the word to use instead. */
export const rejectedHindiWords = hindiGlossaryCheck(HINDI_GLOSSARY);
