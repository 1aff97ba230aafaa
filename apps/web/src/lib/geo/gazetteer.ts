import { REFERENCE_CITIES } from './reference-cities';

/**
 * The offline gazetteer of the location picker and the operator's review (issue 22): the centres of India's
 * 18,925 PIN code areas from the npm package pincode-lat-long (bundled data, ISC), and the large cities of
 * REFERENCE_CITIES. Nothing is fetched from any server; the PIN table (about 1 MB of source) is its own
 * chunk, loaded the first time someone looks a place up, never with the page.
 */

type PinTable = Record<string, { lat: number; long: number }>;
let table: Promise<PinTable> | null = null;

export function loadPinCentres(): Promise<PinTable> {
  table ??= import('pincode-lat-long/pincode.js').then((m) => (m.default ?? m) as PinTable);
  return table;
}

export interface Place {
  lat: number;
  lng: number;
  /** "PIN 400069" or "Mumbai". */
  label: string;
}

/** The centre of a PIN code's area, or null when the table has no such PIN. */
export async function pinCentre(pin: string): Promise<Place | null> {
  if (!/^\d{6}$/.test(pin)) return null;
  const row = (await loadPinCentres())[pin];
  return row ? { lat: row.lat, lng: row.long, label: `PIN ${pin}` } : null;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
/** Old names people still write. */
const ALIASES: Record<string, string> = {
  bombay: 'Mumbai',
  bangalore: 'Bengaluru',
  calcutta: 'Kolkata',
  madras: 'Chennai',
  newdelhi: 'Delhi',
  gurgaon: 'Delhi',
  noida: 'Delhi',
  cochin: 'Kochi',
  goa: 'Panaji',
  vizag: 'Visakhapatnam',
};

/** A large city's centre by name, or null. */
export function cityCentre(name: string): Place | null {
  const key = norm(name);
  if (!key) return null;
  const wanted = ALIASES[key] ?? name;
  const city = REFERENCE_CITIES.find((c) => norm(c.name) === norm(wanted));
  return city ? { lat: city.lat, lng: city.lng, label: city.name } : null;
}

/**
 * "Andheri East, Mumbai 400069" or "560034" to a point close to it: a PIN code in the text wins (its
 * area's centre), else a large city named in it. Street-level addresses need a street map, which is not
 * available offline: the owner drags the pin from there.
 */
export async function findPlace(text: string): Promise<Place | null> {
  const pin = /(?:^|\D)(\d{3})\s?(\d{3})(?:\D|$)/.exec(text);
  if (pin) {
    const found = await pinCentre(`${pin[1]}${pin[2]}`);
    if (found) return found;
  }
  for (const word of text.split(/[,;\n]+|\s{2,}/).reverse()) {
    const found = cityCentre(word.trim()) ?? word.trim().split(/\s+/).map(cityCentre).find(Boolean);
    if (found) return found;
  }
  return null;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The city centre to measure from: the site's own city when it is a large city, else the nearest one. */
export function centreFor(point: { lat: number; lng: number }, city?: string): Place & { km: number } {
  const own = city ? cityCentre(city) : null;
  if (own) return { ...own, km: distanceKm(point, own) };
  let best: (Place & { km: number }) | null = null;
  for (const c of REFERENCE_CITIES) {
    const km = distanceKm(point, { lat: c.lat, lng: c.lng });
    if (!best || km < best.km) best = { lat: c.lat, lng: c.lng, label: c.name, km };
  }
  return best!;
}

/** "3.4 km" or "850 m". */
export const formatKm = (km: number) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1)} km`);

/** The PIN areas whose centres lie within `radiusKm` of a point (the review map's localities). */
export async function pinCentresNear(
  point: { lat: number; lng: number },
  radiusKm: number,
  limit = 40,
): Promise<Array<Place & { km: number }>> {
  const all = await loadPinCentres();
  const near: Array<Place & { km: number }> = [];
  const box = radiusKm / 100; // ~1 degree is 100+ km: a cheap prefilter
  for (const [pin, c] of Object.entries(all)) {
    if (Math.abs(c.lat - point.lat) > box * 1.2 || Math.abs(c.long - point.lng) > box * 1.2) continue;
    const km = distanceKm(point, { lat: c.lat, lng: c.long });
    if (km <= radiusKm) near.push({ lat: c.lat, lng: c.long, label: `PIN ${pin}`, km });
  }
  return near.sort((a, b) => a.km - b.km).slice(0, limit);
}
