import piexif from 'piexifjs';
import sharp from 'sharp';

/*
 * Real JPEGs for the proof tests: a distinct drawing per seed (so their perceptual hashes differ), with
 * EXIF GPS and DateTimeOriginal written by piexifjs, as a phone camera writes them.
 */

type Rational = [number, number];

/** Decimal degrees as EXIF's three rationals (degrees, minutes, seconds to 1/10000). */
function dms(value: number): [Rational, Rational, Rational] {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const minutes = (abs - d) * 60;
  const m = Math.floor(minutes);
  return [
    [d, 1],
    [m, 1],
    [Math.round((minutes - m) * 60 * 10_000), 10_000],
  ];
}

/** A billboard-ish drawing that differs clearly from one seed to the next. */
export async function scene(seed: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const r = (k: number, mod: number) => (seed * k) % mod;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">` +
    `<rect width="800" height="600" fill="rgb(${r(47, 200) + 30},${r(29, 150) + 60},${r(83, 180) + 50})"/>` +
    `<rect x="${50 + r(37, 300)}" y="${60 + r(53, 220)}" width="${220 + r(13, 200)}" height="${140 + r(7, 120)}" fill="#f4c430"/>` +
    `<circle cx="${100 + r(71, 600)}" cy="${90 + r(29, 420)}" r="${40 + r(11, 70)}" fill="#1b1b1b"/>` +
    `<rect x="${r(97, 500)}" y="${400 + r(17, 150)}" width="300" height="40" fill="#ffffff"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

export interface ExifFacts {
  latitude?: number;
  longitude?: number;
  /** EXIF's "YYYY:MM:DD HH:MM:SS", local time of the camera. */
  takenAt?: string;
}

/** The JPEG with these EXIF tags (none given: no EXIF block at all). */
export function withExif(jpeg: Buffer, facts: ExifFacts): Buffer {
  const exif: Record<number, unknown> = {};
  const gps: Record<number, unknown> = {};
  if (facts.takenAt) exif[piexif.ExifIFD.DateTimeOriginal] = facts.takenAt;
  if (facts.latitude !== undefined && facts.longitude !== undefined) {
    gps[piexif.GPSIFD.GPSLatitudeRef] = facts.latitude >= 0 ? 'N' : 'S';
    gps[piexif.GPSIFD.GPSLatitude] = dms(facts.latitude);
    gps[piexif.GPSIFD.GPSLongitudeRef] = facts.longitude >= 0 ? 'E' : 'W';
    gps[piexif.GPSIFD.GPSLongitude] = dms(facts.longitude);
  }
  const block = piexif.dump({ '0th': { [piexif.ImageIFD.Make]: 'TestCam' }, Exif: exif, GPS: gps });
  return Buffer.from(piexif.insert(block, jpeg.toString('binary')), 'binary');
}

/** A photo of scene `seed` taken at this place and time. */
export async function proofPhoto(seed: number, facts: ExifFacts): Promise<Buffer> {
  return withExif(await scene(seed), facts);
}

/** `metres` due north of a point (111,195 m per degree of latitude). */
export const northOf = (p: { latitude: number; longitude: number }, metres: number) => ({
  latitude: p.latitude + metres / 111_195,
  longitude: p.longitude,
});
