import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  type FileBody,
  type FileStorage,
  InvalidStorageKeyError,
  type StoredFile,
} from './file-storage.ts';

interface Meta {
  contentType: string;
}

/**
 * Files under one directory (DATA_DIR/uploads by default): the bytes in `objects/<key>`, the content
 * type in `meta/<key>.json`, both first written to `tmp/` and then renamed into place. A rename on one
 * file system is atomic, so a crash leaves the old file or the new one, never half of one; at worst a
 * crash between the two renames pairs the new content type with the old bytes (or the other way round)
 * until the next put. Directories are made on the first write, so an app that stores nothing writes nothing.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly objects: string;
  private readonly meta: string;
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.objects = path.join(root, 'objects');
    this.meta = path.join(root, 'meta');
    this.tmp = path.join(root, 'tmp');
  }

  async put(key: string, body: FileBody, options: { contentType: string }): Promise<void> {
    const file = this.pathOf(this.objects, key);
    const metaFile = this.pathOf(this.meta, key, '.json');
    await mkdir(this.tmp, { recursive: true });
    const tmpData = path.join(this.tmp, randomBytes(12).toString('hex'));
    const tmpMeta = `${tmpData}.json`;
    try {
      const source = body instanceof Uint8Array ? Readable.from([body]) : body;
      await pipeline(source, createWriteStream(tmpData, { flags: 'wx' }));
      const meta: Meta = { contentType: options.contentType };
      await writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx' });
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(path.dirname(metaFile), { recursive: true });
      await rename(tmpMeta, metaFile);
      await rename(tmpData, file);
    } finally {
      await rm(tmpData, { force: true });
      await rm(tmpMeta, { force: true });
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(this.objects, key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const meta = await readMeta(this.pathOf(this.meta, key, '.json'));
    return { body: createReadStream(file), contentType: meta.contentType, size: info.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(this.objects, key), { force: true });
    await rm(this.pathOf(this.meta, key, '.json'), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const info = await stat(this.pathOf(this.objects, key)).catch(() => null);
    return info?.isFile() ?? false;
  }

  /** The key's path under `base`, checked twice: by the key's grammar, then by where it resolves. */
  private pathOf(base: string, key: string, suffix = ''): string {
    assertStorageKey(key);
    const resolved = path.resolve(base, `${key}${suffix}`);
    if (!resolved.startsWith(base + path.sep))
      throw new InvalidStorageKeyError(key, 'outside the storage root');
    return resolved;
  }
}

async function readMeta(file: string): Promise<Meta> {
  try {
    const meta = JSON.parse(await readFile(file, 'utf8')) as Partial<Meta>;
    if (typeof meta.contentType === 'string') return { contentType: meta.contentType };
  } catch {
    // No metadata (a file copied in by hand): serve it as bytes rather than guess.
  }
  return { contentType: 'application/octet-stream' };
}
