import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Noto Sans comes in subsets: Latin for the text, Devanagari for ₹ and Hindi, Latin Extended for
 * the rest of India's romanised names. Each character is written in the first subset that has it.
 */
export const SUBSETS = ['latin', 'devanagari', 'latin-ext'] as const;
export type Subset = (typeof SUBSETS)[number];
const fontBytes = new Map<string, Buffer>();
/** A subset's WOFF file, read once per process. */
export function fontFile(subset: Subset, weight: 400 | 700): Buffer {
  const name = `noto-sans-${subset}-${weight}-normal.woff`;
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = fs.readFileSync(require.resolve(`@fontsource/noto-sans/files/${name}`));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

/** The subsets' unicode-range, as @fontsource's CSS gives them. */
const LATIN = rangesOf(
  '0000-00FF,0131,0152-0153,02BB-02BC,02C6,02DA,02DC,0304,0308,0329,2000-206F,20AC,2122,2191,2193,2212,2215,FEFF,FFFD',
);
const DEVANAGARI = rangesOf('0900-097F,1CD0-1CF9,200C-200D,20A8,20B9,20F0,25CC,A830-A839,A8E0-A8FF');

function rangesOf(spec: string): [number, number][] {
  return spec.split(',').map((range) => {
    const [from = 0, to = from] = range.split('-').map((hex) => Number.parseInt(hex, 16));
    return [from, to];
  });
}

const within = (ranges: [number, number][], char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return ranges.some(([from, to]) => code >= from && code <= to);
};

const subsetOf = (char: string): Subset =>
  within(LATIN, char) ? 'latin' : within(DEVANAGARI, char) ? 'devanagari' : 'latin-ext';

/** The text cut where the subset changes: 'Total ₹1,180.00' → 'Total ', '₹', '1,180.00'. */
export function runsOf(text: string): { subset: Subset; text: string }[] {
  const runs: { subset: Subset; text: string }[] = [];
  for (const char of text) {
    // Joiners and spaces stay with the run they are in.
    const subset =
      (/\s/.test(char) || char === '\u200c' || char === '\u200d') && runs.length
        ? (runs.at(-1)?.subset ?? 'latin')
        : subsetOf(char);
    const last = runs.at(-1);
    if (last && last.subset === subset) last.text += char;
    else runs.push({ subset, text: char });
  }
  return runs;
}
