import { hammingDistanceHex, PROOF_DUPLICATE_MAX_BITS } from '@ooh/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoHash, readPhotoFacts } from './proof-photo.ts';
import { proofPhoto, scene } from './proof-photos.test-helpers.ts';

describe('readPhotoFacts (exifr)', () => {
  it('reads GPS and the camera time (taken as IST without an offset)', async () => {
    const facts = await readPhotoFacts(
      await proofPhoto(1, { latitude: 19.1197, longitude: -72.8464, takenAt: '2026:11:30 10:15:00' }),
    );
    expect(facts.position?.latitude).toBeCloseTo(19.1197, 5);
    expect(facts.position?.longitude).toBeCloseTo(-72.8464, 5);
    expect(facts.takenAt?.toISOString()).toBe('2026-11-30T04:45:00.000Z');
    expect(facts).toMatchObject({ camera: 'TestCam', exifStripped: false });
  });

  it('answers nothing for a photo without EXIF, a PNG, or bytes exifr cannot read', async () => {
    // No EXIF at all: flagged as stripped (a messaging app's copy looks like this), naming no camera.
    const none = { position: null, takenAt: null, camera: null, exifStripped: true };
    expect(await readPhotoFacts(await scene(2))).toEqual(none);
    expect(await readPhotoFacts(await scene(2, 'png'))).toEqual(none);
    expect(await readPhotoFacts(Buffer.from('not an image at all'))).toEqual(none);
    // 0,0 is a camera without a fix, not a place in the Gulf of Guinea.
    expect((await readPhotoFacts(await proofPhoto(3, { latitude: 0, longitude: 0 }))).position).toBeNull();
  });
});

describe('photoHash (sharp-phash) and the duplicate threshold', () => {
  it('keeps copies of one photo within the threshold and different scenes well beyond it', async () => {
    const original = await scene(1);
    const base = await photoHash(original);
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    const copies = [
      await sharp(original).jpeg({ quality: 40 }).toBuffer(),
      await sharp(original).resize(400).jpeg().toBuffer(),
      await sharp(original).modulate({ brightness: 1.15 }).jpeg().toBuffer(),
      await sharp(original).webp().toBuffer(),
      await sharp(original).extract({ left: 16, top: 12, width: 768, height: 576 }).jpeg().toBuffer(),
    ];
    for (const copy of copies) {
      expect(hammingDistanceHex(base, await photoHash(copy))).toBeLessThanOrEqual(PROOF_DUPLICATE_MAX_BITS);
    }
    const others = await Promise.all([2, 3, 4, 5, 6, 7, 8].map(async (seed) => photoHash(await scene(seed))));
    for (const other of others)
      expect(hammingDistanceHex(base, other)).toBeGreaterThan(2 * PROOF_DUPLICATE_MAX_BITS);
  });
});
