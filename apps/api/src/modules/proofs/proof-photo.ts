import { exifTimeToDate, type LatLng } from '@ooh/shared';
import exifr from 'exifr';
import phash from 'sharp-phash';

export interface PhotoFacts {
  position: LatLng | null;
  takenAt: Date | null;
}

/** The EXIF fields the checks use; exifr reads only these blocks (JPEG, PNG eXIf, TIFF, HEIC containers). */
const PICK = [
  'DateTimeOriginal',
  'OffsetTimeOriginal',
  'GPSLatitude',
  'GPSLatitudeRef',
  'GPSLongitude',
  'GPSLongitudeRef',
];

/**
 * Where and when the photo says it was taken, from its EXIF (exifr). Raw strings, not exifr's revived
 * dates: those are read in the server's time zone, while a camera's time without an offset is taken as
 * IST (exifTimeToDate). A photo without EXIF, or whose EXIF cannot be read, has neither: the checks then
 * say so, the upload is still stored.
 */
export async function readPhotoFacts(file: Buffer): Promise<PhotoFacts> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(file, { tiff: true, exif: true, gps: true, reviveValues: false, pick: PICK });
  } catch {
    tags = undefined;
  }
  if (!tags) return { position: null, takenAt: null };
  const latitude = tags.latitude;
  const longitude = tags.longitude;
  const valid =
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    // 0,0 is what some cameras write when they had no fix.
    !(latitude === 0 && longitude === 0);
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    position: valid ? { latitude, longitude } : null,
    takenAt: exifTimeToDate(text(tags.DateTimeOriginal), text(tags.OffsetTimeOriginal)),
  };
}

/**
 * The photo's 64-bit perceptual hash (DCT of a 32x32 greyscale copy, sharp-phash) as 16 hex digits.
 * Re-encoding, resizing and small crops or colour changes move a few bits; another scene about half.
 */
export async function photoHash(file: Buffer): Promise<string> {
  const bits = await phash(file, { limitInputPixels: 100_000_000 });
  let hex = '';
  for (let i = 0; i < 64; i += 4) hex += Number.parseInt(bits.slice(i, i + 4), 2).toString(16);
  return hex;
}
