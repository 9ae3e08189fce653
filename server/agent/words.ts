/** Word-level helpers of the local agent's question understanding (pure). */

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

/** Lowercase words without punctuation or accents: "Revenue, by REGION?" → revenue by region. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
}

export const numberOf = (word: string | undefined): number | undefined => {
  if (word === undefined) return undefined;
  if (/^\d{1,6}$/.test(word)) return Number(word);
  const index = NUMBER_WORDS.indexOf(word);
  return index > 0 ? index : undefined;
};

export function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The question's words, each used by at most one meaning. */
export class Words {
  readonly used: boolean[];
  constructor(readonly list: string[]) {
    this.used = list.map(() => false);
  }

  /** Every unused place `phrase` starts at, marking it used. */
  take(phrase: string[]): number[] {
    const found: number[] = [];
    for (let i = 0; i + phrase.length <= this.list.length; i++) {
      if (phrase.every((word, k) => !this.used[i + k] && this.list[i + k] === word)) {
        for (let k = 0; k < phrase.length; k++) this.used[i + k] = true;
        found.push(i);
      }
    }
    return found;
  }

  /** Runs `read` at each unused word; a non-zero answer is how many words it used. */
  scan(read: (at: number) => number): void {
    for (let i = 0; i < this.list.length; i++) {
      if (this.used[i]) continue;
      const length = read(i);
      for (let k = 0; k < length; k++) this.used[i + k] = true;
    }
  }

  free(at: number): string | undefined {
    return this.used[at] ? undefined : this.list[at];
  }
}

/** Lists words as English does: "a", "a and b", "a, b and c". */
export function listOf(items: string[], conjunction = 'and'): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}` : items[0] ?? '';
}
