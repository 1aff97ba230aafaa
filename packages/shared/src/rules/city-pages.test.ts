import { describe, expect, it } from 'vitest';
import { currentCityPagePath, formatLabel, formatSlug, isSlug, slugify } from './city-pages.ts';

describe('city page slugs', () => {
  it('derives one slug from any spelling of a city', () => {
    expect(slugify('Navi Mumbai')).toBe('navi-mumbai');
    expect(slugify(' mumbai ')).toBe('mumbai');
    expect(slugify('Bhubaneśwar')).toBe('bhubaneswar');
    expect(slugify('Thane (West)')).toBe('thane-west');
    expect(slugify('\u202e\u0000')).toBe('');
  });

  it('names formats in the plural people search for', () => {
    expect(
      ['Lamp Post', 'Hoarding', 'Bridge', 'Digital Billboard', 'Transit', 'Retail'].map(formatSlug),
    ).toEqual(['lamp-posts', 'hoardings', 'bridges', 'digital-billboards', 'transit-media', 'retail-media']);
    expect(formatLabel('Lamp Post')).toBe('Lamp Posts');
    expect(formatLabel('Transit')).toBe('Transit Media');
    expect(formatLabel('Bus Shelters')).toBe('Bus Shelters');
  });

  it('accepts only slugs as page addresses', () => {
    expect(isSlug('navi-mumbai')).toBe(true);
    for (const bad of ['', 'Mumbai', '-mumbai', 'mum--bai', '../etc', 'mum\u0000bai', 'a'.repeat(81)]) {
      expect(isSlug(bad), bad).toBe(false);
    }
  });
});

describe('currentCityPagePath: old names of a city or a format lead to the current address', () => {
  it('renames the city and puts the format in the plural the pages use', () => {
    expect(currentCityPagePath('bangalore')).toBe('/outdoor-advertising/bengaluru');
    expect(currentCityPagePath('bombay', 'hoardings')).toBe('/outdoor-advertising/mumbai/hoardings');
    expect(currentCityPagePath('mumbai', 'hoarding')).toBe('/outdoor-advertising/mumbai/hoardings');
    expect(currentCityPagePath('gurgaon', 'lamp-post')).toBe('/outdoor-advertising/gurugram/lamp-posts');
    expect(currentCityPagePath('pune', 'transit')).toBe('/outdoor-advertising/pune/transit-media');
  });

  it('leaves current addresses and non-slugs alone', () => {
    for (const [city, format] of [
      ['bengaluru', undefined],
      ['mumbai', 'hoardings'],
      ['pune', 'transit-media'],
      ['navi-mumbai', 'digital-billboards'],
      ['Bangalore', undefined],
      ['mumbai', 'Hoarding'],
    ] as const) {
      expect(currentCityPagePath(city, format), `${city}/${format}`).toBeNull();
    }
  });
});
