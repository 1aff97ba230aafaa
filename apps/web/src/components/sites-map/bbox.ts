/** [minLng, minLat, maxLng, maxLat], as GET /api/product/ takes bbox. */
export type Bbox = [number, number, number, number];

/** The address's `bbox` if it is one the API accepts, else null (a hand-edited address is ignored, not sent). */
export function parseBbox(value: string | null | undefined): Bbox | null {
  if (!value) return null;
  const parts = value.split(',').map((v) => (v.trim() === '' ? Number.NaN : Number(v)));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [minLng, minLat, maxLng, maxLat] = parts;
  const lngOk = (n: number) => n >= -180 && n <= 180;
  const latOk = (n: number) => n >= -90 && n <= 90;
  if (!lngOk(minLng) || !lngOk(maxLng) || !latOk(minLat) || !latOk(maxLat)) return null;
  if (minLng > maxLng || minLat > maxLat) return null;
  return [minLng, minLat, maxLng, maxLat];
}
