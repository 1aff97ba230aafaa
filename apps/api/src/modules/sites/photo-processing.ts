import sharp from 'sharp';
import { HttpError } from '../../lib/errors.ts';

/** The display copy's longest side: sharp enough on a laptop, light on a phone. */
export const DISPLAY_MAX_PX = 1600;
/** Larger images are refused before decoding: a small file can claim a huge canvas (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;

export interface DisplayCopy {
  body: Buffer;
  width: number;
  height: number;
}

const unreadable = (detail: string) =>
  new HttpError(
    422,
    'unprocessable_image',
    `This photo cannot be read${detail}. Save it again as JPEG, PNG or WebP and upload that.`,
    { file: 'The photo cannot be read' },
  );

/**
 * The copy buyers and owners see (docs/product-rules.md sections 8 and 11): turned upright by its EXIF orientation,
 * at most DISPLAY_MAX_PX on its longest side, WebP, with no metadata (the position and camera in a phone
 * photo's EXIF stay in the private original). An image the decoder refuses is a 422 with nothing stored.
 */
export async function makeDisplayCopy(input: Buffer): Promise<DisplayCopy> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw unreadable(': it is larger than 100 megapixels');
    throw unreadable(' (it may be damaged or cut short)');
  }
}
