/**
 * How a buyer's search text is read (docs/decisions/044-site-search.md): words, the old and new names of
 * Indian cities, and one typo in longer words. Pure, so the API and the web agree on what a word is.
 */

/** Cities Indians still call by their old names; each pair is [old, new], both found by either. */
export const CITY_NAME_VARIANTS: ReadonlyArray<readonly [string, string]> = [
  ['bangalore', 'bengaluru'],
  ['gurgaon', 'gurugram'],
  ['bombay', 'mumbai'],
  ['madras', 'chennai'],
  ['calcutta', 'kolkata'],
  ['poona', 'pune'],
  ['trivandrum', 'thiruvananthapuram'],
  ['baroda', 'vadodara'],
  ['mysore', 'mysuru'],
];

const VARIANTS = new Map<string, string[]>();
for (const [older, newer] of CITY_NAME_VARIANTS) {
  VARIANTS.set(older, [older, newer]);
  VARIANTS.set(newer, [newer, older]);
}

/** Words shorter than this must be typed exactly: one typo in "goa" or "pune" is another place. */
export const TYPO_MIN_LETTERS = 5;

/** At most this many words of a search count; the rest of a pasted paragraph is ignored. */
export const SEARCH_MAX_WORDS = 8;

/**
 * The words of a search, lower-case, split on spaces and commas, each once. Other punctuation stays part of
 * its word, so a site code (GA-BR-001) or "100%" is matched as typed.
 */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[\s,]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
}

/** The word and its other city name, if it has one. */
export function cityNameVariants(word: string): string[] {
  return VARIANTS.get(word) ?? [word];
}

/**
 * True when b is at most one typo away from a: one insertion, deletion or substitution, or two neighbouring
 * letters swapped ("mumabi", "mubmai"), the commonest slip of fast typing (optimal string alignment
 * distance <= 1).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  if (la > lb) return a.slice(i + 1) === b.slice(i);
  return a.slice(i) === b.slice(i + 1);
}
