/**
 * City and format pages (docs/product-rules.md section 12): /outdoor-advertising/{city}/{format}. Slugs are derived from
 * the catalogue's own words (a site's city, its category's name), so any spelling a media owner types maps to
 * one address, and the API and the web build the same links.
 */
import { CITY_NAME_VARIANTS } from './site-search.ts';

/** "Navi Mumbai" -> "navi-mumbai", "Thiruvananthapuram " -> "thiruvananthapuram"; accents dropped. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Categories named by what they are as a whole, not counted: "Transit" -> "transit-media". */
const MASS_NOUNS = new Set(['transit', 'retail', 'media', 'signage']);

/** A category's name as a format slug, plural as people search it: "Lamp Post" -> "lamp-posts". */
export function formatSlug(categoryName: string): string {
  const slug = slugify(categoryName);
  if (slug === '') return slug;
  const last = slug.slice(slug.lastIndexOf('-') + 1);
  if (MASS_NOUNS.has(last)) return last === 'media' ? slug : `${slug}-media`;
  return slug.endsWith('s') ? slug : `${slug}s`;
}

/** A format as a page names it: "Lamp Post" -> "Lamp Posts", "Transit" -> "Transit Media". */
export function formatLabel(categoryName: string): string {
  const name = categoryName.trim();
  const last = name.slice(name.lastIndexOf(' ') + 1).toLowerCase();
  if (MASS_NOUNS.has(last)) return last === 'media' ? name : `${name} Media`;
  return /s$/i.test(name) ? name : `${name}s`;
}

/** A city page's address; with a format, the city's page of that format. */
export function cityPagePath(citySlug: string, format?: string): string {
  return format ? `/outdoor-advertising/${citySlug}/${format}` : `/outdoor-advertising/${citySlug}`;
}

/** A city's old name as a slug and its current one: "bangalore" -> "bengaluru", "bombay" -> "mumbai". */
const CURRENT_CITY_SLUG = new Map(
  CITY_NAME_VARIANTS.map(([older, newer]) => [slugify(older), slugify(newer)]),
);

/**
 * The current address of a city page asked by an older name of the city ("bangalore") or of the format (the
 * singular "hoarding", "transit" for "transit-media"), so old links and typed addresses lead there with a
 * permanent redirect; null when the address is already current (or is no slug at all).
 */
export function currentCityPagePath(city: string, format?: string): string | null {
  if (!isSlug(city) || (format !== undefined && !isSlug(format))) return null;
  const currentCity = CURRENT_CITY_SLUG.get(city) ?? city;
  const currentFormat = format === undefined ? undefined : formatSlug(format);
  if (currentCity === city && currentFormat === format) return null;
  return cityPagePath(currentCity, currentFormat);
}

/** A slug as it can appear in a page address; anything else is no page (a 404, never an error). */
export const isSlug = (value: string): boolean =>
  /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 80;

/** The city pages the footer links to: India's largest advertising markets, all in the demo catalogue. */
export const FEATURED_CITIES: ReadonlyArray<{ slug: string; name: string }> = [
  { slug: 'mumbai', name: 'Mumbai' },
  { slug: 'delhi', name: 'Delhi' },
  { slug: 'bengaluru', name: 'Bengaluru' },
  { slug: 'hyderabad', name: 'Hyderabad' },
  { slug: 'chennai', name: 'Chennai' },
  { slug: 'pune', name: 'Pune' },
];

/** Sites a city page lists in full; the rest are one link away on /products. */
export const CITY_PAGE_SITES = 24;
