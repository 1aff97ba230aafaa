import {
  CITY_PAGE_SITES,
  type CityDirectory,
  type CityPage,
  cityPagePath,
  formatSlug,
  isSlug,
  slugify,
  toRupees,
} from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/errors.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { listProducts } from '../products/products.service.ts';
import { type CityFormatFact, findCityFormatFacts, findCitySiteIds } from './seo.repository.ts';

/** A city as its pages see it: every spelling of it in the catalogue, and its facts by format. */
export interface CityGroup {
  slug: string;
  name: string;
  state: string;
  spellings: string[];
  facts: CityFormatFact[];
}

/**
 * Live sites grouped into cities by slug ("Mumbai" and "mumbai " are one page), most sites first. Kept until
 * products or categories change (CatalogueCache.productFact), so a page view never scans the catalogue.
 */
export function cityGroups(db: Db, cache: CatalogueCache): Promise<CityGroup[]> {
  return cache.productFact('seo:city-groups', async () => {
    const bySlug = new Map<string, CityGroup>();
    for (const fact of await findCityFormatFacts(db)) {
      const slug = slugify(fact.city);
      if (slug === '' || formatSlug(fact.categoryName) === '') continue;
      let group = bySlug.get(slug);
      if (!group) {
        group = { slug, name: fact.city.trim(), state: fact.state, spellings: [], facts: [] };
        bySlug.set(slug, group);
      }
      if (!group.spellings.includes(fact.city)) group.spellings.push(fact.city);
      group.facts.push(fact);
    }
    const total = (g: CityGroup) => g.facts.reduce((n, f) => n + f.count, 0);
    for (const group of bySlug.values()) {
      // The spelling most sites use names the city.
      const bySpelling = new Map<string, number>();
      for (const f of group.facts) bySpelling.set(f.city, (bySpelling.get(f.city) ?? 0) + f.count);
      const top = [...bySpelling].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
      group.name = top[0].trim();
      group.state = group.facts.find((f) => f.city === top[0])?.state ?? group.state;
    }
    return [...bySlug.values()].sort((a, b) => total(b) - total(a) || (a.slug < b.slug ? -1 : 1));
  });
}

/** A city's formats (categories merged by slug), most sites first. */
export function formatsOf(
  group: CityGroup,
): Array<{ slug: string; name: string; count: number; ids: number[] }> {
  const bySlug = new Map<string, { slug: string; name: string; count: number; ids: number[] }>();
  for (const f of group.facts) {
    const slug = formatSlug(f.categoryName);
    const entry = bySlug.get(slug) ?? { slug, name: f.categoryName, count: 0, ids: [] };
    entry.count += f.count;
    if (!entry.ids.includes(f.categoryId)) entry.ids.push(f.categoryId);
    bySlug.set(slug, entry);
  }
  return [...bySlug.values()].sort((a, b) => b.count - a.count || (a.slug < b.slug ? -1 : 1));
}

/** The weighted mean of a coordinate over the facts that have one. */
function meanOf(facts: CityFormatFact[], pick: (f: CityFormatFact) => number | null): number | null {
  let sum = 0;
  let weight = 0;
  for (const f of facts) {
    const value = pick(f);
    if (value === null || !Number.isFinite(value)) continue;
    sum += value * f.count;
    weight += f.count;
  }
  return weight === 0 ? null : Math.round((sum / weight) * 1e4) / 1e4;
}

/** GET /outdoor-advertising: every city with live sites. */
export async function cityDirectory(db: Db, cache: CatalogueCache): Promise<CityDirectory> {
  const groups = await cityGroups(db, cache);
  return {
    cities: groups.map((g) => ({
      slug: g.slug,
      name: g.name,
      state: g.state,
      count: g.facts.reduce((n, f) => n + f.count, 0),
      latitude: meanOf(g.facts, (f) => f.latitude),
      longitude: meanOf(g.facts, (f) => f.longitude),
      formats: formatsOf(g).map(({ slug, name, count }) => ({ slug, name, count })),
    })),
  };
}

const noSuchPage = (what: 'city' | 'format') =>
  new HttpError(
    404,
    'not_found',
    what === 'city'
      ? 'No live advertising sites in this city.'
      : 'No live advertising sites of this format in this city.',
  );

/**
 * GET /outdoor-advertising/{city}[/{format}]: the page's facts and its first sites. Whatever is not a slug of
 * a city (or format) with live sites is a 404: hostile text in the address never reaches the database.
 */
export async function cityPage(
  db: Db,
  clock: Clock,
  cache: CatalogueCache,
  publicUrl: string,
  citySlug: string,
  format?: string,
): Promise<CityPage> {
  if (!isSlug(citySlug)) throw noSuchPage('city');
  if (format !== undefined && !isSlug(format)) throw noSuchPage('format');
  const group = (await cityGroups(db, cache)).find((g) => g.slug === citySlug);
  if (!group) throw noSuchPage('city');
  const formats = formatsOf(group);
  const chosen = format === undefined ? null : formats.find((f) => f.slug === format);
  if (chosen === undefined) throw noSuchPage('format');
  const facts = chosen ? group.facts.filter((f) => chosen.ids.includes(f.categoryId)) : group.facts;

  const ids = await findCitySiteIds(db, group.spellings, chosen ? chosen.ids : null, CITY_PAGE_SITES);
  const sites =
    ids.length === 0
      ? []
      : (await listProducts(db, clock, cache, { ids, page: 1, page_size: CITY_PAGE_SITES })).payload.results;
  const updated = facts.reduce((latest, f) => Math.max(latest, f.updatedAt.getTime()), 0);
  return {
    city: { slug: group.slug, name: group.name, state: group.state },
    format: chosen ? { slug: chosen.slug, name: chosen.name } : null,
    url: publicUrl + cityPagePath(group.slug, chosen?.slug),
    count: facts.reduce((n, f) => n + f.count, 0),
    price_min: toRupees(Math.min(...facts.map((f) => f.minPricePaise))),
    price_max: toRupees(Math.max(...facts.map((f) => f.maxPricePaise))),
    sites,
    formats: formats.map(({ slug, name, count }) => ({ slug, name, count })),
    updated_at: updated > 0 ? new Date(updated).toISOString() : null,
  };
}
