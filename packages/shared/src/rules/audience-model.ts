/**
 * The reach and frequency model (docs/audience-model.md, decision 080): a simple, documented ESTIMATE,
 * not a measurement. India has no single audience currency yet (IOAA's RoadStar covers part of the
 * market), so the product states its assumptions instead of hiding them. Change a number here and in the
 * document together.
 */

export const AUDIENCE_MODEL_NAME = 'OOH plan model v1 (docs/audience-model.md)';

/**
 * Of a site's daily audience, the share that is new on each further day of the run: most people who pass
 * a lamp post pass it again tomorrow (the same commute), buses carry the panel to new streets, mall
 * visitors change more than road traffic. Day 1 counts everyone once.
 */
export const NEW_AUDIENCE_PER_DAY: Record<string, number> = {
  'Lamp Post': 0.12,
  Hoarding: 0.15,
  Bridge: 0.12,
  'Digital Billboard': 0.15,
  Transit: 0.3,
  Retail: 0.25,
};
/** A format the table does not name. */
export const NEW_AUDIENCE_DEFAULT = 0.15;

export type CitySize = 'metro' | 'city';

/**
 * The people a plan can reach in one city at most (adults out of home on a usual day, rounded): a metro's
 * urban agglomeration against a smaller city's. Reach in a city never passes this.
 */
export const REACHABLE_PEOPLE: Record<CitySize, number> = { metro: 8_000_000, city: 1_500_000 };

/** The eight largest urban agglomerations (Census 2011) and the metro's satellite cities, lower case. */
const METROS = new Set([
  'mumbai',
  'navi mumbai',
  'thane',
  'delhi',
  'new delhi',
  'gurugram',
  'gurgaon',
  'noida',
  'ghaziabad',
  'bengaluru',
  'bangalore',
  'chennai',
  'madras',
  'kolkata',
  'calcutta',
  'hyderabad',
  'secunderabad',
  'pune',
  'ahmedabad',
]);

export function citySizeOf(city: string): CitySize {
  return METROS.has(city.trim().toLowerCase()) ? 'metro' : 'city';
}

export interface ModelLine {
  daily_impressions: number;
  days: number;
  /** The category name (the format), "Hoarding". */
  format: string;
  city: string;
}

/** One site's people reached over its days: day one's audience, then the new share of each further day. */
export function siteReach(line: ModelLine): number {
  if (line.days <= 0 || line.daily_impressions <= 0) return 0;
  const fresh = NEW_AUDIENCE_PER_DAY[line.format] ?? NEW_AUDIENCE_DEFAULT;
  const cap = REACHABLE_PEOPLE[citySizeOf(line.city)];
  return Math.min(cap, line.daily_impressions * (1 + (line.days - 1) * fresh));
}

/**
 * A plan's reach: sites in one city overlap at random (the chance of missing every site is the product of
 * missing each, out of the city's reachable people); cities add up. Frequency is impressions over reach.
 */
export function estimateReach(lines: readonly ModelLine[]): number {
  const byCity = new Map<string, { cap: number; missed: number }>();
  for (const line of lines) {
    const reach = siteReach(line);
    if (reach === 0) continue;
    const key = line.city.trim().toLowerCase();
    const cap = REACHABLE_PEOPLE[citySizeOf(line.city)];
    const entry = byCity.get(key) ?? { cap, missed: 1 };
    entry.missed *= 1 - reach / cap;
    byCity.set(key, entry);
  }
  let total = 0;
  for (const { cap, missed } of byCity.values()) total += cap * (1 - missed);
  return total;
}
