import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../../lib/errors.ts';

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const ACCEPTED: ReadonlySet<string> = new Set<SniffedType>([
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
]);

/** How many leading bytes sniffContentType needs at most (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

/**
 * What the file is by its magic bytes (file-type, which knows a hundred formats and their look-alikes),
 * never by its name or the client's Content-Type: a PNG called photo.jpg is a PNG, a text file sent as
 * image/jpeg is nothing we take. Null for anything else, an empty file included.
 */
export async function sniffContentType(head: Uint8Array): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head);
  return found && ACCEPTED.has(found.mime) ? (found.mime as SniffedType) : null;
}

/** The one answer for an upload of any other type (docs/product-rules.md section 11). */
export function unsupportedMediaType(allowed: readonly SniffedType[]): HttpError {
  return new HttpError(
    415,
    'unsupported_media_type',
    `This file type is not accepted; upload ${allowed.map(describe).join(', ')}.`,
  );
}

function describe(type: SniffedType): string {
  return { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'application/pdf': 'PDF' }[type];
}
