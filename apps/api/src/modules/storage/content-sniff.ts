import { HttpError } from '../../lib/errors.ts';

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** The types uploads may have (DESIGN section 11), each by its magic bytes at a fixed offset. */
const SIGNATURES: ReadonlyArray<{
  type: SniffedType;
  parts: ReadonlyArray<{ at: number; bytes: number[] }>;
}> = [
  { type: 'image/jpeg', parts: [{ at: 0, bytes: [0xff, 0xd8, 0xff] }] },
  { type: 'image/png', parts: [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
  {
    type: 'image/webp',
    // RIFF container whose form type is WEBP; bytes 4-7 are the container's length.
    parts: [
      { at: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
      { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
    ],
  },
  { type: 'application/pdf', parts: [{ at: 0, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }] },
];

/** How many leading bytes sniffContentType needs at most. */
export const SNIFF_BYTES = 12;

/**
 * What the file is by its first bytes, never by its name or the client's Content-Type: a PNG called
 * photo.jpg is a PNG, a text file sent as image/jpeg is nothing we take. Null for anything else,
 * an empty file included.
 */
export function sniffContentType(head: Uint8Array): SniffedType | null {
  for (const signature of SIGNATURES) {
    const matches = signature.parts.every(({ at, bytes }) => bytes.every((byte, i) => head[at + i] === byte));
    if (matches) return signature.type;
  }
  return null;
}

/** The one answer for an upload of any other type (DESIGN section 11). */
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
