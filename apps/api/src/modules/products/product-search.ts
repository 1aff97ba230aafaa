import {
  CITY_NAME_VARIANTS,
  cityNameVariants,
  searchWords,
  TYPO_MIN_LETTERS,
  withinOneEdit,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import type { SearchWord } from './product-conditions.ts';
import { findListedCityNames, findSearchVocabulary } from './products.repository.ts';

/** A typo is corrected to at most this many catalogue words, so a search stays a handful of patterns. */
const MAX_TYPO_SPELLINGS = 6;

/** The catalogue's words by length, so a word is compared only with words one letter longer or shorter. */
type Vocabulary = Map<number, string[]>;

async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const words = new Set(await findSearchVocabulary(db));
  // Old city names are words a buyer types though no site carries them ("Bangalor" is one typo from one).
  for (const pair of CITY_NAME_VARIANTS) for (const name of pair) words.add(name);
  const byLength: Vocabulary = new Map();
  for (const w of words) {
    const list = byLength.get(w.length) ?? [];
    list.push(w);
    byLength.set(w.length, list);
  }
  return byLength;
}

function typoSpellings(word: string, vocabulary: Vocabulary, exact: string[]): string[] {
  if (word.length < TYPO_MIN_LETTERS) return [];
  const found = new Set<string>();
  for (let len = word.length - 1; len <= word.length + 1; len++) {
    for (const candidate of vocabulary.get(len) ?? []) {
      if (!withinOneEdit(word, candidate)) continue;
      // A word holding an exact spelling is found by it already; its other city name is not ("Bangalor").
      const covered = exact.some((e) => candidate.includes(e));
      for (const spelling of cityNameVariants(candidate)) {
        if (!(covered && spelling === candidate)) found.add(spelling);
      }
      if (found.size >= MAX_TYPO_SPELLINGS) return [...found];
    }
  }
  return [...found];
}

/**
 * The search text as words the repository matches (docs/product-rules.md section 16): each word with its other city name,
 * and the catalogue words one typo away for words of five letters or more. The vocabulary is read once per
 * catalogue generation (it changes only with products or categories).
 */
export async function toSearchWords(
  db: Db,
  cache: CatalogueCache,
  text: string | undefined,
): Promise<SearchWord[] | undefined> {
  const words = text ? searchWords(text) : [];
  if (words.length === 0) return undefined;
  const needsVocabulary = words.some((w) => w.length >= TYPO_MIN_LETTERS);
  const [vocabulary, cities] = await Promise.all([
    needsVocabulary
      ? cache.productFact('search-vocabulary', () => loadVocabulary(db))
      : new Map<number, string[]>(),
    cache.productFact('search-cities', async () => new Set(await findListedCityNames(db))),
  ]);
  return words.map((word) => {
    const exact = cityNameVariants(word);
    const typo = typoSpellings(word, vocabulary, exact);
    return { exact, typo, cities: [...exact, ...typo].filter((s) => cities.has(s)) };
  });
}
