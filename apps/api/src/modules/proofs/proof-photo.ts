import { exifTimeToDate, type LatLng } from '@ooh/shared';
import exifr from 'exifr';
import sharp from 'sharp';
import phash from 'sharp-phash';

export interface PhotoFacts {
  position: LatLng | null;
  takenAt: Date | null;
  /** EXIF Make and Model ("Apple iPhone 13"), shown as a hint; null when the photo names none. */
  camera: string | null;
  /**
   * No EXIF at all: what WhatsApp, Telegram and most messaging apps send, and what an editor that strips
   * metadata saves. A hint that the photo was passed on, not taken on the spot; never a verdict.
   */
  exifStripped: boolean;
}

/** The EXIF fields the checks use; exifr reads only these blocks (JPEG, PNG eXIf, TIFF, HEIC containers). */
const PICK = [
  'Make',
  'Model',
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
  let exifStripped = true;
  try {
    // Any EXIF tag at all (the orientation a camera always writes) means the block survived; a PNG's IHDR
    // or a JPEG's JFIF header is no camera data.
    const any = await exifr.parse(file, {
      tiff: true,
      ihdr: false,
      jfif: false,
      exif: true,
      gps: true,
      reviveValues: false,
    });
    exifStripped = !any || Object.keys(any).length === 0;
    tags = await exifr.parse(file, { tiff: true, exif: true, gps: true, reviveValues: false, pick: PICK });
  } catch {
    tags = undefined;
  }
  if (!tags) return { position: null, takenAt: null, camera: null, exifStripped };
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
    camera: cameraName(text(tags.Make), text(tags.Model)),
    exifStripped,
  };
}

/** "Apple" + "iPhone 13" -> "Apple iPhone 13"; a model that already names its maker is not repeated. */
function cameraName(make: string | null, model: string | null): string | null {
  // Printable text only, capped: EXIF is whatever the file says.
  const clean = (v: string | null) =>
    (v ?? '')
      .replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, '')
      .trim()
      .slice(0, 60);
  const m = clean(make);
  const n = clean(model);
  const name = n.toLowerCase().startsWith(m.toLowerCase()) ? n : `${m} ${n}`.trim();
  return name === '' ? null : name;
}

/** The centre `fraction` of the image (each side cut by (1 - fraction) / 2), optionally mirrored. */
async function centreHash(base: Buffer, width: number, height: number, fraction: number, mirror: boolean) {
  const w = Math.round(width * fraction);
  const h = Math.round(height * fraction);
  let image = sharp(base).extract({
    left: Math.floor((width - w) / 2),
    top: Math.floor((height - h) / 2),
    width: w,
    height: h,
  });
  if (mirror) image = image.flop();
  return toHex(await phash(await image.png().toBuffer()));
}

/**
 * Hashes of what a recycler makes of a photo (issue 20): the mirrored copy, and centre crops of 95 % and
 * 90 % (a crop of 2.5 or 5 % a side, which moves the whole photo's hash by up to 17 bits), and the
 * mirrored 95 % crop. Stored with the proof; the duplicate check compares every hash of a new photo with
 * every hash of each earlier one, so a copy matches its original whichever of the two was cut or flipped.
 * Measured on 24 generated scenes: mirrored copies and 2.5 % crops saved at quality 60 come to 0-1 bits
 * through a variant (30-33 and 3-12 bits photo to photo); different scenes stay 15 bits apart or more once
 * a variant match pays its penalty (proofs.repository.ts), above the threshold of 10 (decision 040).
 */
export async function photoHashVariants(file: Buffer): Promise<string[]> {
  // One decode, EXIF-rotated and small: the hash itself looks at 32 x 32 pixels.
  const base = await sharp(file, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
  const { width = 0, height = 0 } = await sharp(base).metadata();
  return [
    toHex(await phash(await sharp(base).flop().png().toBuffer())),
    await centreHash(base, width, height, 0.95, false),
    await centreHash(base, width, height, 0.9, false),
    await centreHash(base, width, height, 0.95, true),
  ];
}

/**
 * The photo's 64-bit perceptual hash (DCT of a 32x32 greyscale copy, sharp-phash) as 16 hex digits.
 * Re-encoding, resizing and small crops or colour changes move a few bits; another scene about half.
 */
export async function photoHash(file: Buffer): Promise<string> {
  return toHex(await phash(file, { limitInputPixels: 100_000_000 }));
}

function toHex(bits: string): string {
  let hex = '';
  for (let i = 0; i < 64; i += 4) hex += Number.parseInt(bits.slice(i, i + 4), 2).toString(16);
  return hex;
}
