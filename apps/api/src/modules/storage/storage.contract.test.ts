import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.ts';
import { type FileStorage, InvalidStorageKeyError, readAll } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

/** Makes two storages over the same place (two API processes sharing files) and cleans up after. */
interface Backend {
  name: string;
  start(): Promise<{ a: FileStorage; b: FileStorage; stop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'local',
    async start() {
      const dir = await mkdtemp(path.join(tmpdir(), 'storage-'));
      return {
        a: new LocalFileStorage(dir),
        b: new LocalFileStorage(dir),
        stop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3 (s3rver on 127.0.0.1)',
    async start() {
      const server = await startS3Server();
      const a = await S3FileStorage.connect(server.settings);
      const b = await S3FileStorage.connect(server.settings);
      return {
        a,
        b,
        async stop() {
          a.destroy();
          b.destroy();
          await server.stop();
        },
      };
    },
  },
];

async function text(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  return file ? (await readAll(file.body)).toString('utf8') : null;
}

describe.each(backends)('FileStorage contract: $name', (backend) => {
  let a: FileStorage;
  let b: FileStorage;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ a, b, stop } = await backend.start());
  });
  afterAll(async () => {
    await stop();
  });

  it('round-trips a 5 MB binary byte for byte, with its content type and size', async () => {
    const bytes = randomBytes(5 * 1024 * 1024);
    await a.put('sites/1/original.jpg', bytes, { contentType: 'image/jpeg' });
    const file = await a.get('sites/1/original.jpg');
    expect(file).not.toBeNull();
    expect(file?.contentType).toBe('image/jpeg');
    expect(file?.size).toBe(bytes.length);
    const back = await readAll(file!.body);
    expect(back.equals(bytes)).toBe(true);
  });

  it('takes a stream as well as a buffer', async () => {
    await a.put('proofs/7/p.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('1.4 rest')]), {
      contentType: 'application/pdf',
    });
    expect(await text(a, 'proofs/7/p.pdf')).toBe('%PDF-1.4 rest');
    expect((await a.get('proofs/7/p.pdf'))?.contentType).toBe('application/pdf');
  });

  it('overwrites an existing key, content type included', async () => {
    await a.put('sites/2/photo', Buffer.from('first'), { contentType: 'image/png' });
    await a.put('sites/2/photo', Buffer.from('second, longer'), { contentType: 'image/webp' });
    const file = await a.get('sites/2/photo');
    expect(file?.contentType).toBe('image/webp');
    expect((await readAll(file!.body)).toString()).toBe('second, longer');
  });

  it('answers null and false for a key never written', async () => {
    expect(await a.get('sites/404/nothing.jpg')).toBeNull();
    expect(await a.exists('sites/404/nothing.jpg')).toBe(false);
  });

  it('deletes, and deleting a missing key is no error', async () => {
    await a.put('tmp/gone.txt', Buffer.from('x'), { contentType: 'text/plain' });
    expect(await a.exists('tmp/gone.txt')).toBe(true);
    await a.delete('tmp/gone.txt');
    expect(await a.exists('tmp/gone.txt')).toBe(false);
    expect(await a.get('tmp/gone.txt')).toBeNull();
    await expect(a.delete('tmp/gone.txt')).resolves.toBeUndefined();
  });

  it('two instances over the same store see each other files, overwrites and deletes', async () => {
    await a.put('shared/one.png', Buffer.from('from a'), { contentType: 'image/png' });
    expect(await b.exists('shared/one.png')).toBe(true);
    expect(await text(b, 'shared/one.png')).toBe('from a');
    await b.put('shared/one.png', Buffer.from('from b'), { contentType: 'image/jpeg' });
    expect(await text(a, 'shared/one.png')).toBe('from b');
    expect((await a.get('shared/one.png'))?.contentType).toBe('image/jpeg');
    await a.delete('shared/one.png');
    expect(await b.get('shared/one.png')).toBeNull();
  });

  it.each([
    '../escape.txt',
    'sites/../../etc/passwd',
    'sites/./x',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'sites\\..\\x',
    'sites/a\0.jpg',
    '',
    'sites//x',
    'sites/x/',
    '.hidden',
    'sites/%2e%2e/x',
    'x'.repeat(600),
  ])('refuses the key %j on every call, before touching the store', async (key) => {
    await expect(a.put(key, Buffer.from('evil'), { contentType: 'text/plain' })).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(a.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(a.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(a.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });
});

describe('LocalFileStorage on disk', () => {
  it('leaves no temporary file behind and nothing outside its root', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'storage-root-'));
    const root = path.join(parent, 'uploads');
    try {
      const storage = new LocalFileStorage(root);
      await storage.put('a/b.jpg', Buffer.from('bytes'), { contentType: 'image/jpeg' });
      await expect(
        storage.put('../outside', Buffer.from('x'), { contentType: 'text/plain' }),
      ).rejects.toThrow(InvalidStorageKeyError);
      expect(await readdir(parent)).toEqual(['uploads']);
      expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
      expect((await readdir(path.join(root, 'objects'), { recursive: true })).sort()).toEqual([
        'a',
        'a/b.jpg',
      ]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('a failed write (the stream breaks midway) leaves the previous file whole', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'storage-'));
    try {
      const storage = new LocalFileStorage(root);
      await storage.put('k.bin', Buffer.from('old and whole'), { contentType: 'image/png' });
      const broken = new Readable({
        read() {
          this.push(Buffer.from('half of the new'));
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(storage.put('k.bin', broken, { contentType: 'image/jpeg' })).rejects.toThrow(
        'connection reset',
      );
      const file = await storage.get('k.bin');
      expect(file?.contentType).toBe('image/png');
      expect((await readAll(file!.body)).toString()).toBe('old and whole');
      expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('S3FileStorage against s3rver', () => {
  it('an error of the store is thrown, never taken for a missing file (unknown access key)', async () => {
    const server = await startS3Server();
    // s3rver checks the access key id (it does not verify SigV4 signatures themselves).
    const stranger = await S3FileStorage.connect({ ...server.settings, accessKeyId: 'NOT-A-KEY' });
    try {
      await expect(stranger.get('sites/1/x.jpg')).rejects.toThrow(/Access Key Id/);
      await expect(
        stranger.put('sites/1/x.jpg', Buffer.from('x'), { contentType: 'image/jpeg' }),
      ).rejects.toThrow();
    } finally {
      stranger.destroy();
      await server.stop();
    }
  });
});
