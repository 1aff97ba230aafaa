import { describe, expect, it } from 'vitest';
import {
  duplicateReason,
  exifTimeToDate,
  formatDistance,
  hammingDistanceHex,
  haversineMetres,
  positionReason,
  timeReason,
} from './proof-checks.ts';

const site = { latitude: 19.076, longitude: 72.8777 };
/** Metres per degree of latitude: about 111.2 km. */
const north = (m: number) => ({ latitude: site.latitude + m / 111_195, longitude: site.longitude });

describe('distance check', () => {
  it('measures great-circle distance in metres', () => {
    expect(haversineMetres(site, site)).toBe(0);
    expect(haversineMetres(site, north(1000))).toBeCloseTo(1000, 0);
    // Mumbai to Delhi, about 1,150 km.
    expect(haversineMetres(site, { latitude: 28.6139, longitude: 77.209 }) / 1000).toBeCloseTo(1150, -1);
  });

  it('passes within 250 m and names the distance beyond', () => {
    expect(positionReason(north(240), site)).toEqual({ reason: null, distanceM: 240 });
    expect(positionReason(north(260), site).reason).toEqual({
      code: 'too_far',
      message: '260 m from the site',
    });
    expect(positionReason(north(2300), site).reason?.message).toBe('2.3 km from the site');
    expect(positionReason(null, site)).toEqual({
      reason: { code: 'no_position', message: 'No position in the photo' },
      distanceM: null,
    });
    expect(positionReason(north(10), null).reason?.code).toBe('no_position');
  });

  it('formats distances for people', () => {
    expect(formatDistance(180.4)).toBe('180 m');
    expect(formatDistance(2000)).toBe('2.0 km');
    expect(formatDistance(12_345)).toBe('12 km');
    expect(formatDistance(1_150_000)).toBe('1,150 km');
  });
});

describe('time check', () => {
  it('reads EXIF times as IST unless an offset is given', () => {
    expect(exifTimeToDate('2026:11:26 10:30:00')?.toISOString()).toBe('2026-11-26T05:00:00.000Z');
    expect(exifTimeToDate('2026:11:26 10:30:00', '+00:00')?.toISOString()).toBe('2026-11-26T10:30:00.000Z');
    expect(exifTimeToDate('2026:11:26 10:30:00', '-04:00')?.toISOString()).toBe('2026-11-26T14:30:00.000Z');
    expect(exifTimeToDate('0000:00:00 00:00:00')).toBeNull();
    expect(exifTimeToDate('2026:02:30 10:00:00')).toBeNull();
    expect(exifTimeToDate('yesterday')).toBeNull();
    expect(exifTimeToDate(undefined)).toBeNull();
  });

  it('takes the day before the start up to the end (to_date exclusive), in IST', () => {
    const at = (s: string) => exifTimeToDate(s);
    // Booking 25 Nov to 2 Dec (exclusive): 24 Nov 00:00 IST to 1 Dec 23:59:59 IST.
    expect(timeReason(at('2026:11:24 00:00:00'), '2026-11-25', '2026-12-02')).toBeNull();
    expect(timeReason(at('2026:12:01 23:59:59'), '2026-11-25', '2026-12-02')).toBeNull();
    expect(timeReason(at('2026:11:23 23:59:59'), '2026-11-25', '2026-12-02')).toEqual({
      code: 'outside_dates',
      message: 'Taken before the booking (23 Nov 2026; the booking starts 25 Nov 2026)',
    });
    expect(timeReason(at('2026:12:02 00:00:00'), '2026-11-25', '2026-12-02')).toEqual({
      code: 'outside_dates',
      message: 'Taken after the booking (2 Dec 2026; the booking ended 1 Dec 2026)',
    });
    expect(timeReason(null, '2026-11-25', '2026-12-02')).toEqual({
      code: 'no_time',
      message: 'No time in the photo',
    });
    // 23 Nov 20:00 in London is 24 Nov 01:30 in India: inside.
    expect(
      timeReason(exifTimeToDate('2026:11:23 20:00:00', '+00:00'), '2026-11-25', '2026-12-02'),
    ).toBeNull();
  });
});

describe('duplicate check', () => {
  it('counts differing bits of hex hashes', () => {
    expect(hammingDistanceHex('ffffffffffffffff', 'ffffffffffffffff')).toBe(0);
    expect(hammingDistanceHex('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistanceHex('0000000000000000', '0000000000000103')).toBe(3);
    expect(hammingDistanceHex('00', '000')).toBe(Number.POSITIVE_INFINITY);
  });

  it('names the earlier proof', () => {
    expect(duplicateReason(null)).toBeNull();
    expect(
      duplicateReason({ siteName: 'Andheri Gantry', uploadedAt: new Date('2026-11-03T06:00:00Z') }),
    ).toEqual({
      code: 'duplicate',
      message: 'Same photo as an earlier proof (Andheri Gantry, 3 Nov 2026)',
    });
  });
});
