import type { Readable } from 'node:stream';

/** What put() accepts: the whole file in memory, or a stream (uploads are capped by the routes). */
export type FileBody = Uint8Array | Readable;

export interface StoredFile {
  body: Readable;
  contentType: string;
  /** Bytes, when the store knows it. */
  size?: number;
}

/**
 * Where uploads live (docs/product-rules.md section 11): `local` under DATA_DIR/uploads, or `s3` so that several API
 * processes share files. Keys are relative, slash-separated names such as `sites/42/photo-1.jpg`; the
 * routes choose them, never the client, and every implementation still refuses a key that could
 * escape its root.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes the whole file or nothing; an existing key is replaced. */
  put(key: string, body: FileBody, options: { contentType: string }): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 200))}: ${reason}`);
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/**
 * Refuses anything but `segment/segment/...` of plain characters: no `..` or `.`, no leading slash or
 * drive letter, no backslash, no NUL, no empty segment. A whitelist rather than a blacklist, so that no
 * encoding trick reaches the file system or the bucket.
 */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key, 'too long');
  if (key.includes('\0')) throw new InvalidStorageKeyError(key, 'contains NUL');
  if (key.includes('\\')) throw new InvalidStorageKeyError(key, 'contains a backslash');
  if (key.startsWith('/')) throw new InvalidStorageKeyError(key, 'absolute path');
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') throw new InvalidStorageKeyError(key, 'path traversal');
    // A leading dot is refused too: it keeps our own temporary and metadata names out of reach.
    if (!SEGMENT.test(segment))
      throw new InvalidStorageKeyError(key, `bad segment ${JSON.stringify(segment)}`);
  }
}

export async function readAll(body: FileBody): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
