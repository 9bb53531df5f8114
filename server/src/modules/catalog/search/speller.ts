/**
 * Mistyped words put right against the store's own vocabulary (the words of its products'
 * titles, categories and specifications): "etherent" is read as "ethernet", "dokcing" as
 * "docking". A word the catalogue has, a number, and a short word are left as typed.
 */
export class Vocabulary {
  private readonly counts = new Map<string, number>();
  /** The words by length, for looking only at words near the typed one's length. */
  private readonly byLength = new Map<number, string[]>();

  add(text: string): void {
    for (const word of text.split(' ')) {
      if (!word) continue;
      const count = this.counts.get(word) ?? 0;
      this.counts.set(word, count + 1);
      if (count === 0) {
        const list = this.byLength.get(word.length) ?? [];
        list.push(word);
        this.byLength.set(word.length, list);
      }
    }
  }

  has(word: string): boolean {
    return this.counts.has(word);
  }

  /** The word the shopper most likely meant, or the word itself. */
  correct(word: string, known: Set<string>): string {
    if (word.length < 4 || /\d/.test(word) || this.counts.has(word) || known.has(word)) return word;
    // A plural of a known word is no typo: the index matches singular and plural alike.
    if (word.endsWith('s') && this.counts.has(word.slice(0, -1))) return word;
    const allowed = word.length >= 7 ? 2 : 1;
    let best = word;
    let bestDistance = allowed + 1;
    let bestCount = 0;
    for (let length = word.length - allowed; length <= word.length + allowed; length += 1) {
      for (const candidate of this.byLength.get(length) ?? []) {
        const distance = editDistance(word, candidate, allowed);
        const count = this.counts.get(candidate) ?? 0;
        if (distance < bestDistance || (distance === bestDistance && count > bestCount)) {
          best = candidate;
          bestDistance = distance;
          bestCount = count;
        }
      }
    }
    return bestDistance <= allowed ? best : word;
  }
}

/**
 * Edits (insert, delete, change, swap two neighbours) from one word to the other, stopping
 * early once it is more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (twoBack[j - 2] as number) + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length] as number;
}
