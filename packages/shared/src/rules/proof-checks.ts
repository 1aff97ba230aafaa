import { formatCount, formatDateIst, formatDay } from '../india/india-format.ts';
import type { ProofReasonCode } from '../schemas/order-detail.schemas.ts';
import { addDays, type IsoDate } from './dates.ts';

/*
 * The three checks of a proof of posting (docs/product-rules.md section 9, decision 029), as pure functions: the API
 * feeds them what it read from the photo's EXIF and its perceptual hash, the tests feed them numbers.
 */

/** A photo taken farther than this from the site's coordinates is not taken as proof of it. */
export const PROOF_MAX_DISTANCE_M = 250;
/**
 * Two 64-bit perceptual hashes this close (differing bits) are the same photo. Measured on 12 scenes
 * (decision 029): re-encoded, resized, brightened or WebP copies 0-6 bits, a 2 % crop 1-9, a 5 % crop
 * 6-17; different scenes 23 and more. 10 catches the copies a recycler makes with a wide margin below
 * different scenes.
 */
export const PROOF_DUPLICATE_MAX_BITS = 10;
/** IST is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET = '+05:30';

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface ProofReason {
  code: ProofReasonCode;
  message: string;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine; under 0.5 % off the ellipsoid, ample for 250 m). */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "180 m", "2.3 km", "12 km": what a person reads beside a photo. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = metres / 1000;
  return km < 10 ? `${km.toFixed(1)} km` : `${formatCount(Math.round(km))} km`;
}

/**
 * The instant an EXIF DateTimeOriginal ("2026:11:26 10:30:00") names. Cameras write local time without
 * a zone; OffsetTimeOriginal ("+05:30", EXIF 2.31) says which, and without it the time is taken as IST,
 * where the site is. Null for anything unreadable (a blank "0000:00:00 00:00:00" included).
 */
export function exifTimeToDate(dateTime: string | null | undefined, offset?: string | null): Date | null {
  if (!dateTime) return null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(dateTime.trim());
  if (!m) return null;
  const zone = offset && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : IST_OFFSET;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`);
  if (Number.isNaN(at.getTime())) return null;
  // Date rolls 2026-02-30 over to March; a real calendar date survives the round trip.
  const back = new Date(at.getTime() + offsetMinutes(zone) * 60_000).toISOString();
  return back.startsWith(`${y}-${mo}-${d}T${h}:${mi}`) ? at : null;
}

function offsetMinutes(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  const [h, m] = zone.slice(1).split(':').map(Number);
  return sign * (h * 60 + m);
}

/** Check (a): the photo's position against the site's. */
export function positionReason(
  photo: LatLng | null,
  site: LatLng | null,
): { reason: ProofReason | null; distanceM: number | null } {
  if (!photo)
    return { reason: { code: 'no_position', message: 'No position in the photo' }, distanceM: null };
  if (!site) {
    return {
      reason: { code: 'no_position', message: 'The site has no map position to compare with' },
      distanceM: null,
    };
  }
  const distanceM = Math.round(haversineMetres(photo, site));
  if (distanceM <= PROOF_MAX_DISTANCE_M) return { reason: null, distanceM };
  return { reason: { code: 'too_far', message: `${formatDistance(distanceM)} from the site` }, distanceM };
}

/**
 * Check (b): taken from the day before the start (a poster goes up the evening before) up to the end of
 * the booking, in IST. `toDate` is exclusive, as everywhere.
 */
export function timeReason(takenAt: Date | null, fromDate: IsoDate, toDate: IsoDate): ProofReason | null {
  if (!takenAt) return { code: 'no_time', message: 'No time in the photo' };
  const opens = new Date(`${addDays(fromDate, -1)}T00:00:00${IST_OFFSET}`);
  const closes = new Date(`${toDate}T00:00:00${IST_OFFSET}`);
  if (takenAt < opens) {
    return {
      code: 'outside_dates',
      message: `Taken before the booking (${formatDateIst(takenAt)}; the booking starts ${formatDay(fromDate)})`,
    };
  }
  if (takenAt >= closes) {
    return {
      code: 'outside_dates',
      message: `Taken after the booking (${formatDateIst(takenAt)}; the booking ended ${formatDay(addDays(toDate, -1))})`,
    };
  }
  return null;
}

/** Check (c): the earlier proof this one nearly duplicates, in words. */
export function duplicateReason(earlier: { siteName: string; uploadedAt: Date } | null): ProofReason | null {
  if (!earlier) return null;
  return {
    code: 'duplicate',
    message: `Same photo as an earlier proof (${earlier.siteName}, ${formatDateIst(earlier.uploadedAt)})`,
  };
}

/** Differing bits of two 64-bit hashes written as 16 hex digits. */
export function hammingDistanceHex(a: string, b: string): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let bits = 0;
  for (let i = 0; i < a.length; i += 1) {
    let x = Number.parseInt(a[i], 16) ^ Number.parseInt(b[i], 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits;
}
