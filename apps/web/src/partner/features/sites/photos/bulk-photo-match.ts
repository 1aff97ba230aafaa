import { SITE_PHOTO_MAX_BYTES, SITE_PHOTOS_MAX, type SitePhotoMatch } from '@ooh/shared';

/** What a photo file is, by its first bytes (as the server's sniffContentType): never by name or browser type. */
export function photoTypeOf(head: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

export type MatchState = 'matched' | 'unknown_code' | 'wrong_type' | 'too_big' | 'site_full';

export interface MatchedFile {
  /** The file's place in the pick: a stable key for its row. */
  id: number;
  file: File;
  match: SitePhotoMatch;
  state: MatchState;
  /** The reason in the owner's words, for every state but matched. */
  note: string | null;
}

/**
 * The matching table's rows: each file with the site its name names (from the API) and whether it can go.
 * A site takes SITE_PHOTOS_MAX photos: files beyond its room, in the order picked, are marked.
 */
export function classify(
  files: File[],
  matches: SitePhotoMatch[],
  types: Array<ReturnType<typeof photoTypeOf>>,
): MatchedFile[] {
  const room = new Map<number, number>();
  return files.map((file, i) => {
    const match = matches[i];
    const result = (state: MatchState, note: string | null): MatchedFile => ({
      id: i,
      file,
      match,
      state,
      note,
    });
    if (!types[i]) return result('wrong_type', 'Not a JPEG, PNG or WebP photo');
    if (file.size > SITE_PHOTO_MAX_BYTES)
      return result('too_big', `Larger than ${SITE_PHOTO_MAX_BYTES / 1024 / 1024} MB`);
    if (match.site_id === null) return result('unknown_code', 'No site of yours has this code');
    const left = room.get(match.site_id) ?? SITE_PHOTOS_MAX - (match.photos ?? 0);
    if (left <= 0) return result('site_full', `${match.site_code} already has ${SITE_PHOTOS_MAX} photos`);
    room.set(match.site_id, left - 1);
    return result('matched', null);
  });
}

/** The first 12 bytes of each file, typed. */
export async function sniffFiles(files: File[]) {
  return Promise.all(files.map(async (f) => photoTypeOf(new Uint8Array(await f.slice(0, 12).arrayBuffer()))));
}
