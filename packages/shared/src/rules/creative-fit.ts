import { addDays, type IsoDate } from './dates.ts';

/** The artwork is due this many days before the line's start (docs/product-rules.md section 9). */
export const CREATIVE_DUE_DAYS_BEFORE_START = 3;
/** A creative is an image (JPEG, PNG, WebP) or a PDF of at most 50 MB (docs/product-rules.md section 9). */
export const CREATIVE_MAX_BYTES = 50 * 1024 * 1024;
export const CREATIVE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** Off by more than this share of the site's ratio: the buyer and the owner see a warning. */
export const CREATIVE_ASPECT_TOLERANCE = 0.1;

/** The last day (IST) on which the buyer may upload a line's artwork. */
export function creativeDueDate(fromDate: IsoDate): IsoDate {
  return addDays(fromDate, -CREATIVE_DUE_DAYS_BEFORE_START);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** "16:9" for 1920 x 1080, "3:1" for 30 x 10 ft; a ratio without small whole numbers is "1.42:1". */
export function ratioName(width: number, height: number): string {
  const w = Math.round(width * 100);
  const h = Math.round(height * 100);
  const d = gcd(w, h);
  if (d > 0 && w / d <= 32 && h / d <= 32) return `${w / d}:${h / d}`;
  return `${(width / height).toFixed(2)}:1`;
}

/**
 * The warning shown when the artwork's shape is more than 10 % off the site's (width / height), or null
 * when it fits or either size is unknown.
 */
export function creativeAspectWarning(
  artwork: { width: number | null; height: number | null },
  site: { width: number | null; height: number | null },
): string | null {
  const { width: aw, height: ah } = artwork;
  const { width: sw, height: sh } = site;
  if (!aw || !ah || !sw || !sh || aw <= 0 || ah <= 0 || sw <= 0 || sh <= 0) return null;
  const artRatio = aw / ah;
  const siteRatio = sw / sh;
  if (Math.abs(artRatio - siteRatio) / siteRatio <= CREATIVE_ASPECT_TOLERANCE) return null;
  return (
    `Your artwork is ${ratioName(aw, ah)} (${artRatio.toFixed(2)}); the site is ` +
    `${ratioName(sw, sh)} (${siteRatio.toFixed(2)}). It may be cropped or stretched.`
  );
}

/** The line statuses from which the buyer may (re)upload the artwork: moveLine to creative_submitted. */
export const CREATIVE_UPLOAD_STATUSES = ['scheduled', 'creative_submitted', 'creative_rejected'] as const;

/** Whether the buyer may upload now: a status that allows it, and on or before the due date (IST). */
export function canUploadCreative(line: { status: string; from_date: IsoDate }, today: IsoDate): boolean {
  return (
    (CREATIVE_UPLOAD_STATUSES as readonly string[]).includes(line.status) &&
    today <= creativeDueDate(line.from_date)
  );
}
