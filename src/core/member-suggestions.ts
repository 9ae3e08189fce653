/**
 * "Did you mean": the members closest to a value the model does not have. A case difference, a swapped pair of
 * letters and a missing or extra letter are the typos a header cell gets, so the distance is Damerau–Levenshtein
 * (optimal string alignment: a swap of neighbours costs 1, where plain Levenshtein counts 2), compared without case.
 * Written here because the edit-distance packages in node_modules (fastest-levenshtein, leven) are only build and test
 * tools' dependencies, not the add-in's, and are plain Levenshtein.
 */

/** How many members a message suggests at most. */
export const MOST_SUGGESTIONS = 3;
/** Text this long or longer also suggests the members it begins (`Euro` → `Europe`). */
const SHORTEST_PREFIX = 3;

/** The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours, 1 each. */
export function editDistance(a: string, b: string): number {
  // Three rows of the dynamic-programming table are enough: a swap looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Up to three members close to `asked`, closest first (then alphabetically): those a third of its letters or fewer
 * away (at least one), and those it begins. None when nothing is close: a suggestion far off misleads.
 */
export function closestMembers(asked: string, members: readonly string[]): string[] {
  const wanted = asked.trim().toLowerCase();
  const most = Math.max(1, Math.floor(wanted.length / 3));
  return [...new Set(members)]
    .map((member) => {
      const lower = member.toLowerCase();
      return { member, distance: editDistance(wanted, lower), begins: wanted.length >= SHORTEST_PREFIX && lower.startsWith(wanted) };
    })
    .filter(({ distance, begins }) => distance <= most || begins)
    .sort((a, b) => a.distance - b.distance || (a.member < b.member ? -1 : a.member > b.member ? 1 : 0))
    .slice(0, MOST_SUGGESTIONS)
    .map(({ member }) => member);
}

/** `Region has no member "Eurpoe"; did you mean "Europe"?`: the dimension as the formula names it. */
export function unknownMemberMessage(dimension: string, value: string, suggestions: readonly string[]): string {
  const quoted = suggestions.map((s) => `"${s}"`);
  const choices = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]!}` : quoted[0];
  return choices ? `${dimension} has no member "${value}"; did you mean ${choices}?` : `${dimension} has no member "${value}".`;
}
