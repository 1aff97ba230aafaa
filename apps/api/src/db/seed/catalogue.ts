/**
 * The pure part of the seed: site number i of a seed always comes out the same (its own PRNG stream), so a
 * catalogue can be generated in chunks of any size and a bigger catalogue starts with the smaller one.
 */

import { addDays, type IsoDate, parseBookingDuration } from '@ooh/shared';
import { joinVariant, siteImageUrl } from '../../modules/media/site-image-url.ts';
import { CITIES, type City } from './cities.ts';
import { isOnLand } from './coast-land.ts';
import { KINDS, type KindSpec, type NameParts } from './kinds.ts';
import { hashString, Rng } from './prng.ts';
import { describe } from './texts.ts';

export interface GeneratedSite {
  kind: KindSpec;
  style: number;
  city: City;
  /** Row for the products table, without the category id the database assigns. */
  row: {
    productCode: string;
    name: string;
    description: string;
    pricePaise: number;
    address: string;
    images: string[];
    bookingDuration: number | string;
    minDays: number;
    imageSize: string;
    widthFt: number | null;
    heightFt: number | null;
    imageFormat: string;
    lighting: string;
    state: string;
    district: string;
    city: string;
    pinCode: string;
    impression: number;
    /** The demo's figures are the seed's own model, labelled so (decision 080), never passed off as measured. */
    audienceSource: 'modelled';
    audienceMeasuredOn: string;
    audienceMethod: string;
    latitude: number;
    longitude: number;
  };
  /** Owner blocks as half-open [from, to) date ranges. */
  blocks: Array<[IsoDate, IsoDate]>;
  /**
   * How many days before seeding the site's listing last changed (1 to 540): its `updated_at`, which the
   * sitemap's lastmod reads, so a fresh demo does not claim every page changed today.
   */
  changedDaysAgo: number;
}

const CITY_WEIGHTS = CITIES.map((c) => [c, c.weight] as const);
const KIND_WEIGHTS = KINDS.map((k) => [k, k.weight] as const);
const SHARE_WITH_BLOCKS = 0.15;

/** Next number for a site-code prefix such as "MH-MUM-LP"; seeded from the database so codes stay unique. */
export type CodeCounters = Map<string, number>;

/** The model the demo catalogue's audience figures come from (docs/audience-model.md, "The demo catalogue"). */
export const SEED_AUDIENCE_MODEL = 'Demo catalogue model v1 (format range x city tier)';

/** The month before `today`'s, "2026-11": the demo's figures read as last month's model run. */
function previousMonth(today: IsoDate): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export function generateSite(
  seed: number,
  index: number,
  today: IsoDate,
  counters: CodeCounters,
): GeneratedSite {
  const rng = new Rng(hashString(`${seed}:${index}`));
  const city = rng.weighted(CITY_WEIGHTS);
  const kind = rng.weighted(KIND_WEIGHTS);
  // A city without a metro only has bus media.
  const style = kind.slug === 'transit' && city.metro.length > 0 && rng.chance(0.4) ? 1 : 0;
  const spec = kind.styles[style];

  const mallIndex = rng.int(0, city.malls.length - 1);
  const [mallName, mallLocality] = city.malls[mallIndex];
  const locality =
    kind.slug === 'retail'
      ? (city.localities.find((l) => l.name === mallLocality) ?? rng.pick(city.localities))
      : rng.pick(city.localities);
  const road = rng.pick(locality.roads);
  const landmark = rng.pick(locality.landmarks);
  const parts: NameParts = {
    locality: locality.name,
    road,
    landmark,
    city: city.name,
    operator: city.bus,
    line: city.metro.length ? rng.pick(city.metro) : city.bus,
    mall: mallName,
  };

  const [minPrice, maxPrice, step] = spec.price;
  const tierFactor = city.tier === 1 ? rng.float(0.9, 1.15) : rng.float(0.55, 0.8);
  const rawPrice = rng.float(minPrice, maxPrice) * tierFactor;
  const price = Math.min(maxPrice, Math.max(minPrice, Math.round(rawPrice / step) * step));
  const impression =
    Math.round((rng.int(spec.impressions[0], spec.impressions[1]) * (city.tier === 1 ? 1 : 0.7)) / 100) * 100;
  const size = rng.pick(spec.sizes);
  const lighting = rng.weighted(spec.lighting);

  const days = rng.weighted(spec.durations);
  const form = rng.next();
  // Most owners give days as a number; some as text, some as seconds (docs/product-spec.md section 3).
  const bookingDuration = form < 0.7 ? days : form < 0.85 ? `${days === 7 ? 15 : days} days` : days * 86_400;

  const imageCount = rng.int(2, 4);
  let scene = rng.int(1, 2499);
  // The retail picture names the mall city.malls[scene % malls]: make it the site's own mall.
  if (kind.slug === 'retail')
    scene += (mallIndex - (scene % city.malls.length) + city.malls.length) % city.malls.length;
  const images = Array.from({ length: imageCount }, (_, shot) =>
    siteImageUrl(kind.slug, city.slug, joinVariant(kind.slug, scene, style, shot)),
  );

  const prefix = `${city.stateCode}-${city.code}-${kind.code}`;
  const number = (counters.get(prefix) ?? 0) + 1;
  counters.set(prefix, number);

  const where = rng.pick(['Near', 'Opp.', 'Next to', 'Beside']);
  const address = `${where} ${landmark}, ${road}, ${locality.name}, ${city.name} ${locality.pin}`;
  const jitter = () => Math.round(rng.float(-0.007, 0.007) * 1e6) / 1e6;
  const position = onLandNear(locality.lat, locality.lon, jitter(), jitter());

  return {
    // Its own stream: the site's other facts stay what the seed always made of them.
    changedDaysAgo: new Rng(hashString(`${seed}:${index}:changed`)).int(1, 540),
    kind,
    style,
    city,
    row: {
      productCode: `${prefix}-${String(number).padStart(4, '0')}`,
      name: rng.pick(spec.names)(parts),
      description: describe(rng, kind.slug, style, locality.audience, {
        ...parts,
        size,
        lighting,
        style: spec.label,
      }),
      pricePaise: price * 100,
      address,
      images,
      bookingDuration,
      minDays: parseBookingDuration(bookingDuration),
      imageSize: size,
      ...sizeInFeet(size),
      imageFormat: rng.pick(spec.formats),
      lighting,
      state: city.state,
      district: locality.district ?? city.district,
      city: city.name,
      pinCode: locality.pin,
      impression,
      audienceSource: 'modelled',
      audienceMeasuredOn: previousMonth(today),
      audienceMethod: `${SEED_AUDIENCE_MODEL}: the ${kind.name.toLowerCase()} range for a tier-${city.tier} city, not measured`,
      latitude: position.latitude,
      longitude: position.longitude,
    },
    blocks: rng.chance(SHARE_WITH_BLOCKS)
      ? ownerBlocks(rng, today, parseBookingDuration(bookingDuration))
      : [],
  };
}

/**
 * The locality's point moved by the jitter, or by half of it, a quarter... until it stands on land: near
 * the sea front a random step lands in the sea (decision 045). Draws nothing more from the generator, so
 * every other value of the site stays as it was.
 */
function onLandNear(
  lat: number,
  lon: number,
  dLat: number,
  dLon: number,
): { latitude: number; longitude: number } {
  const at = (k: number) => ({
    latitude: Math.round((lat + dLat * k) * 1e6) / 1e6,
    longitude: Math.round((lon + dLon * k) * 1e6) / 1e6,
  });
  for (let k = 1; k > 0.01; k /= 2) {
    const p = at(k);
    if (isOnLand(p.longitude, p.latitude)) return p;
  }
  return at(0);
}

/** One to three non-overlapping blocks, each starting 8 to 200 days from today. */
function ownerBlocks(rng: Rng, today: IsoDate, minDays: number): Array<[IsoDate, IsoDate]> {
  const blocks: Array<[IsoDate, IsoDate]> = [];
  let start = rng.int(8, 90);
  const wanted = rng.int(1, 3);
  while (blocks.length < wanted && start <= 200) {
    const length = Math.max(minDays, rng.int(7, 45));
    blocks.push([addDays(today, start), addDays(today, start + length)]);
    start += length + rng.int(5, 60);
  }
  return blocks;
}

/** "40 x 20 ft" as width and height in feet, so the owner's form has them; a wrap's description has none. */
function sizeInFeet(size: string): { widthFt: number | null; heightFt: number | null } {
  const m = /(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*ft/.exec(size);
  return m ? { widthFt: Number(m[1]), heightFt: Number(m[2]) } : { widthFt: null, heightFt: null };
}
