import { SITE_PHOTOS_MAX } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { classify, photoTypeOf, sniffFiles } from './bulk-photo-match';

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const file = (name: string, bytes: number[], type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });
const site = (id: number | null, photos = 0) => ({
  file_name: '',
  site_id: id,
  site_code: id ? `MUM-00${id}` : null,
  site_name: id ? `Site ${id}` : null,
  photos: id ? photos : null,
});

describe('bulk photo matching', () => {
  it('tells a photo by its first bytes, not its name or browser type', async () => {
    expect(photoTypeOf(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(photoTypeOf(new Uint8Array(PNG))).toBe('image/png');
    const webp = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];
    expect(photoTypeOf(new Uint8Array(webp))).toBe('image/webp');
    // A PDF renamed .jpg with a JPEG type is no photo.
    const types = await sniffFiles([file('MUM-0042.jpg', [0x25, 0x50, 0x44, 0x46, 0x2d])]);
    expect(types).toEqual([null]);
  });

  it("marks matched, unknown code, wrong type, and photos beyond a site's room", () => {
    const files = [
      file('a.jpg', JPEG),
      file('b.jpg', JPEG),
      file('c.jpg', [1, 2, 3]),
      file('d.png', PNG),
      file('e.png', PNG),
    ];
    const rows = classify(
      files,
      [site(1), site(null), site(1), site(2, SITE_PHOTOS_MAX - 1), site(2, SITE_PHOTOS_MAX - 1)],
      ['image/jpeg', 'image/jpeg', null, 'image/png', 'image/png'],
    );
    expect(rows.map((r) => r.state)).toEqual([
      'matched',
      'unknown_code',
      'wrong_type',
      'matched',
      'site_full',
    ]);
    expect(rows[4]?.note).toMatch(/already has 12 photos/);
  });
});
