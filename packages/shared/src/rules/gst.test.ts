import { describe, expect, it } from 'vitest';
import { documentNumber, financialYear } from './financial-year.ts';
import {
  amountInWords,
  buyerGstinProblem,
  computeGst,
  gstStateOf,
  integerInIndianWords,
  percentOfPaise,
  stateWithCode,
} from './gst.ts';

describe('computeGst', () => {
  it('charges CGST 9 % + SGST 9 % within the company state', () => {
    expect(computeGst(1_050_000, 'Maharashtra', 'Maharashtra')).toEqual({
      subtotalPaise: 1_050_000,
      cgstPaise: 94_500,
      sgstPaise: 94_500,
      igstPaise: 0,
      totalPaise: 1_239_000,
      kind: 'intra',
      placeOfSupply: 'Maharashtra',
    });
  });
  it('charges IGST 18 % to another state, and reads state names as people type them', () => {
    const g = computeGst(1_050_000, ' karnataka ', 'Maharashtra');
    expect(g).toMatchObject({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 189_000,
      totalPaise: 1_239_000,
      kind: 'inter',
    });
    expect(g.placeOfSupply).toBe('Karnataka');
    expect(computeGst(100, 'MH', 'maharashtra').kind).toBe('intra');
    expect(computeGst(100, 'Jammu & Kashmir', 'Maharashtra').placeOfSupply).toBe('Jammu and Kashmir');
  });
  it('gives a neutral GST 18 % estimate while the state is unknown', () => {
    expect(computeGst(10_000, null, 'Maharashtra')).toMatchObject({
      igstPaise: 1800,
      kind: 'estimate',
      placeOfSupply: null,
    });
    expect(computeGst(10_000, 'Atlantis', 'Maharashtra').kind).toBe('estimate');
  });
  it('rounds each tax half up to the paisa; CGST + SGST may differ from IGST by one paisa', () => {
    expect(percentOfPaise(50, 9)).toBe(5); // 4.5 -> 5
    expect(percentOfPaise(49, 9)).toBe(4); // 4.41 -> 4
    expect(percentOfPaise(25, 18)).toBe(5); // 4.5 -> 5
    const intra = computeGst(50, 'Goa', 'Goa');
    const inter = computeGst(50, 'Kerala', 'Goa');
    expect(intra.cgstPaise + intra.sgstPaise).toBe(10);
    expect(inter.igstPaise).toBe(9);
    expect(intra.totalPaise - inter.totalPaise).toBe(1);
  });
  it('stays exact at the largest order (1 lakh crore rupees)', () => {
    expect(computeGst(1e14, 'Goa', 'Goa').totalPaise).toBe(118e12);
  });
});

describe('buyerGstinProblem', () => {
  it('accepts a valid GSTIN of the billing state', () => {
    expect(buyerGstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeUndefined();
  });
  it('refuses another state, a wrong check digit, a bad shape', () => {
    expect(buyerGstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toMatch(/state code 27.*Karnataka is 29/);
    expect(buyerGstinProblem('27AAPFU0939F1ZW', 'Maharashtra')).toMatch(/check digit/);
    expect(buyerGstinProblem('27AAPFU0939F', 'Maharashtra')).toMatch(/15 characters/);
    expect(buyerGstinProblem('27AAPFU0939F1ZV', 'Atlantis')).toMatch(/not a state/);
  });
  it('knows every state code once', () => {
    expect(gstStateOf('Telangana')?.code).toBe('36');
    expect(gstStateOf('orissa')?.name).toBe('Odisha');
    expect(gstStateOf('')).toBeUndefined();
  });
});

describe('amounts in words (Indian numbering)', () => {
  it('writes lakhs, crores and paise', () => {
    expect(amountInWords(12_345_645)).toBe(
      'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Forty Five Paise Only',
    );
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(integerInIndianWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine',
    );
    expect(integerInIndianWords(1_00_000_00_00_000)).toBe('One Lakh Crore');
    expect(integerInIndianWords(1_00_000)).toBe('One Lakh');
    expect(integerInIndianWords(1010)).toBe('One Thousand Ten');
  });
});

describe('financial year and document numbers', () => {
  it('runs April to March by the calendar in IST', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26'); // 23:59:59 IST, 31 March
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // 00:00 IST, 1 April
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });
  it('numbers fit the 16 characters of GST rule 46', () => {
    expect(documentNumber('INV', '2026-27', 1)).toBe('INV/26-27/000001');
    expect(documentNumber('INV', '2026-27', 999_999)).toHaveLength(16);
    expect(documentNumber('CN', '2026-27', 42)).toBe('CN/26-27/000042');
  });
});

describe('stateWithCode', () => {
  it('prints a state with its GST code, and an unknown name as given', () => {
    expect(stateWithCode('Maharashtra')).toBe('Maharashtra (code 27)');
    expect(stateWithCode('KA')).toBe('Karnataka (code 29)');
    expect(stateWithCode('Atlantis')).toBe('Atlantis');
    expect(stateWithCode(null)).toBe('');
  });
});
