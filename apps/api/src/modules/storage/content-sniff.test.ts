import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.ts';
import { SNIFF_BYTES, sniffContentType, unsupportedMediaType } from './content-sniff.ts';

// Real, complete 1x1 images and a one-page PDF: what a browser would send, not just their first bytes.
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP_1x1 = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');
const JPEG_1x1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////' +
    '////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

let dir: string;

/** Writes the bytes under the given name and reads them back, as an upload handler would see them. */
async function sniffFile(name: string, bytes: Buffer) {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return await sniffContentType((await readFile(file)).subarray(0, SNIFF_BYTES));
}

describe('sniffContentType', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sniff-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('recognises JPEG, PNG, WebP and PDF by their bytes', async () => {
    expect(await sniffFile('a.jpg', JPEG_1x1)).toBe('image/jpeg');
    expect(await sniffFile('a.png', PNG_1x1)).toBe('image/png');
    expect(await sniffFile('a.webp', WEBP_1x1)).toBe('image/webp');
    expect(await sniffFile('a.pdf', PDF)).toBe('application/pdf');
  });

  it('goes by the content, not the name: a PNG renamed .jpg is a PNG, a WebP renamed .pdf a WebP', async () => {
    expect(await sniffFile('holiday.jpg', PNG_1x1)).toBe('image/png');
    expect(await sniffFile('invoice.pdf', WEBP_1x1)).toBe('image/webp');
  });

  it('refuses a text file that claims to be image/jpeg, an empty file and other formats', async () => {
    expect(await sniffFile('photo.jpg', Buffer.from('hello, I am a JPEG, honest\n'))).toBeNull();
    expect(await sniffFile('empty.png', Buffer.alloc(0))).toBeNull();
    expect(await sniffFile('a.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBeNull();
    expect(await sniffFile('page.html', Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    // A RIFF container that is not WebP (a WAV file) and truncated signatures.
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]);
    expect(await sniffFile('a.webp', wav)).toBeNull();
    expect(await sniffContentType(PNG_1x1.subarray(0, 7))).toBeNull();
    expect(await sniffContentType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(await sniffContentType(Buffer.from('RIFF'))).toBeNull();
  });

  it('unsupportedMediaType answers 415 in the error shape, naming what is accepted', () => {
    const err = unsupportedMediaType(['image/jpeg', 'image/png', 'image/webp']);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.statusCode).toBe(415);
    expect(err.code).toBe('unsupported_media_type');
    expect(err.message).toBe('This file type is not accepted; upload JPEG, PNG, WebP.');
  });
});
