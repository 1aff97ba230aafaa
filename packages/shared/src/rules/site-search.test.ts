import { describe, expect, it } from 'vitest';
import { cityNameVariants, searchWords, withinOneEdit } from './site-search.ts';

describe('withinOneEdit: one typo', () => {
  it('takes one insertion, deletion or substitution', () => {
    expect(withinOneEdit('mumbai', 'mumbai')).toBe(true);
    expect(withinOneEdit('mumbai', 'mumbi')).toBe(true);
    expect(withinOneEdit('mumbai', 'mumbaii')).toBe(true);
    expect(withinOneEdit('mumbai', 'mombai')).toBe(true);
  });

  it('takes two neighbouring letters swapped, anywhere in the word', () => {
    for (const typed of ['mumabi', 'mumbia', 'mubmai', 'ummbai']) {
      expect(withinOneEdit(typed, 'mumbai'), typed).toBe(true);
      expect(withinOneEdit('mumbai', typed), typed).toBe(true);
    }
  });

  it('refuses two typos, and letters swapped across a gap', () => {
    expect(withinOneEdit('mubmia', 'mumbai')).toBe(false);
    expect(withinOneEdit('iumbam', 'mumbai')).toBe(false);
    expect(withinOneEdit('mumbai', 'mumbaiee')).toBe(false);
    expect(withinOneEdit('pune', 'goa')).toBe(false);
  });
});

describe('searchWords and city names', () => {
  it('splits on spaces and commas, lower-case, each word once', () => {
    expect(searchWords('Hoarding, Andheri  hoarding GA-BR-001')).toEqual([
      'hoarding',
      'andheri',
      'ga-br-001',
    ]);
  });

  it('knows both names of a renamed city', () => {
    expect(cityNameVariants('bombay')).toEqual(['bombay', 'mumbai']);
    expect(cityNameVariants('bengaluru')).toEqual(['bengaluru', 'bangalore']);
    expect(cityNameVariants('goa')).toEqual(['goa']);
  });
});
