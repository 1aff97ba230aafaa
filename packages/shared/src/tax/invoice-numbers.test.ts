import { describe, expect, it } from 'vitest';
import { financialYear } from '../rules/financial-year.ts';
import { GST_STATES } from '../rules/gst.ts';
import {
  ownerDocumentNumber,
  ownerSeries,
  ownerSeriesPrefix,
  parseDocumentNumber,
  seriesDocumentNumber,
  seriesProblems,
} from './invoice-numbers.ts';
import { gstinState, gstStateOfCode } from './place-of-supply.ts';

describe('owner invoice numbers (CGST Rule 46(b), 53(1A))', () => {
  it('numbers an owner invoice {base-36 id}/{yy-yy}/{six digits}', () => {
    expect(ownerDocumentNumber(100, 'invoice', '2026-27', 1)).toBe('2S/26-27/000001');
    expect(ownerDocumentNumber(1, 'invoice', '2026-27', 42)).toBe('1/26-27/000042');
    expect(ownerDocumentNumber(100, 'credit_note', '2026-27', 1)).toBe('2SC/26-27/000001');
  });

  it('never passes 16 characters: the largest prefix leaves five digits to credit notes', () => {
    const largest = 36 ** 3 - 1;
    expect(ownerSeriesPrefix(largest)).toBe('ZZZ');
    const invoice = ownerDocumentNumber(largest, 'invoice', '2026-27', 999_999);
    expect(invoice).toBe('ZZZ/26-27/999999');
    expect(invoice).toHaveLength(16);
    const note = ownerDocumentNumber(largest, 'credit_note', '2026-27', 1);
    expect(note).toBe('ZZZC/26-27/00001');
    expect(note).toHaveLength(16);
    expect(() => ownerDocumentNumber(largest, 'invoice', '2026-27', 1_000_000)).toThrow(/longer than 16/);
    expect(() => ownerDocumentNumber(largest, 'credit_note', '2026-27', 100_000)).toThrow(/longer than 16/);
    expect(() => ownerSeriesPrefix(36 ** 3)).toThrow(/three-character/);
  });

  it('keeps short prefixes growing past six digits within 16 characters', () => {
    expect(seriesDocumentNumber('1', '2026-27', 1_234_567)).toBe('1/26-27/1234567');
  });

  it('is one series per owner, kind and financial year (April to March in IST)', () => {
    expect(ownerSeries(100, 'invoice')).not.toBe(ownerSeries(100, 'credit_note'));
    expect(ownerSeries(100, 'invoice')).not.toBe(ownerSeries(101, 'invoice'));
    // 31 Mar 2027 23:59 IST and 1 Apr 2027 00:00 IST are in different years, so different numbers.
    const lastOfYear = financialYear(new Date('2027-03-31T18:29:00Z'));
    const firstOfNext = financialYear(new Date('2027-03-31T18:30:00Z'));
    expect([lastOfYear, firstOfNext]).toEqual(['2026-27', '2027-28']);
    expect(ownerDocumentNumber(100, 'invoice', firstOfNext, 1)).toBe('2S/27-28/000001');
  });

  it('refuses what is not a series, a year or a sequence', () => {
    expect(() => seriesDocumentNumber('2s', '2026-27', 1)).toThrow(/letters and digits/);
    expect(() => seriesDocumentNumber('2S', '2026-28', 1)).toThrow(/financial year/);
    expect(() => seriesDocumentNumber('2S', '2026-27', 0)).toThrow(/starts at 1/);
    expect(() => ownerSeriesPrefix(0)).toThrow();
  });

  it('reads a number back', () => {
    expect(parseDocumentNumber('2SC/26-27/00012')).toEqual({ series: '2SC', year: '26-27', sequence: 12 });
    expect(parseDocumentNumber('INV/26-27/000001')).toEqual({ series: 'INV', year: '26-27', sequence: 1 });
    expect(parseDocumentNumber('2S/26-27/0000000001')).toBeUndefined();
    expect(parseDocumentNumber('2S 26-27 1')).toBeUndefined();
  });

  it('finds gaps, repeats and strays in an issued series', () => {
    const n = (s: number) => ownerDocumentNumber(100, 'invoice', '2026-27', s);
    expect(seriesProblems('2S', '2026-27', [n(1), n(2), n(3)])).toEqual({
      gaps: [],
      duplicates: [],
      foreign: [],
    });
    expect(seriesProblems('2S', '2026-27', [n(1), n(3), n(3), '2T/26-27/000002', '2S/25-26/000002'])).toEqual(
      {
        gaps: [2],
        duplicates: [n(3)],
        foreign: ['2T/26-27/000002', '2S/25-26/000002'],
      },
    );
    expect(seriesProblems('2S', '2026-27', [])).toEqual({ gaps: [], duplicates: [], foreign: [] });
  });
});

describe('GST state codes', () => {
  it('lists every state and union territory once: 28 states and 8 union territories', () => {
    expect(GST_STATES).toHaveLength(36);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(36);
    expect(gstStateOfCode('27')).toEqual({ code: '27', name: 'Maharashtra' });
    expect(gstStateOfCode('38')).toEqual({ code: '38', name: 'Ladakh' });
    expect(gstStateOfCode('26')?.name).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(gstStateOfCode('25')).toBeUndefined(); // merged into 26 in 2020
    expect(gstinState('29AAACB5678B1ZX')).toEqual({ code: '29', name: 'Karnataka' });
  });
});
