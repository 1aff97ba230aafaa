import { describe, expect, it } from 'vitest';
import {
  gstinCheckCharacter,
  gstinProblem,
  isValidBankAccount,
  isValidGstin,
  isValidIfsc,
  isValidPan,
  maskBankAccount,
} from './indian-ids.ts';

/** A GSTIN in the real format with its check character computed. */
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

describe('GSTIN', () => {
  it('accepts published GSTINs', () => {
    // Examples printed on GST portal guides and invoices.
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
  });

  it('accepts computed numbers across state codes 01-38 and entity characters', () => {
    for (const first14 of [
      '01ABCDE1234F1Z',
      '07AAACR5055K1Z',
      '33AAACI1195H1Z',
      '38ZZZZZ9999Z9Z',
      '24AABCT3518QAZ',
    ]) {
      expect(gstinProblem(gstin(first14)), first14).toBeUndefined();
    }
  });

  it('refuses every wrong check character', () => {
    const good = gstin('27AAPFU0939F1Z');
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      if (c === good[14]) continue;
      expect(gstinProblem(good.slice(0, 14) + c)).toMatch(/check digit/);
    }
  });

  it('refuses a changed character (the check digit catches a typo)', () => {
    expect(gstinProblem('27AAPFU0939F1ZV'.replace('0939', '0993'))).toMatch(/check digit/);
  });

  it('refuses unknown state codes, bad shape and length', () => {
    expect(gstinProblem(gstin('00AAPFU0939F1Z'))).toMatch(/state code 00/);
    expect(gstinProblem(gstin('39AAPFU0939F1Z'))).toMatch(/state code 39/);
    expect(gstinProblem(gstin('99AAPFU0939F1Z'))).toMatch(/state code 99/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/must look like/); // 14th must be Z
    expect(gstinProblem('27AAPFU0939F0ZV')).toMatch(/must look like/); // entity 0
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/must look like/);
    expect(gstinProblem('2AAAPFU0939F1ZV')).toMatch(/must look like/);
  });
});

describe('PAN, IFSC, bank account', () => {
  it('PAN is AAAAA9999A', () => {
    expect(isValidPan('AAPFU0939F')).toBe(true);
    for (const bad of ['AAPFU0939', 'AAPF00939F', 'aapfu0939f', 'AAPFU09391', 'AAPFU0939FF'])
      expect(isValidPan(bad)).toBe(false);
  });

  it('IFSC is 4 letters, 0, 6 letters or digits', () => {
    expect(isValidIfsc('HDFC0001234')).toBe(true);
    expect(isValidIfsc('SBIN0ABC12Z')).toBe(true);
    for (const bad of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC00012345', 'hdfc0001234'])
      expect(isValidIfsc(bad)).toBe(false);
  });

  it('account numbers are 9-18 digits and shown with only the last four', () => {
    expect(isValidBankAccount('123456789')).toBe(true);
    expect(isValidBankAccount('123456789012345678')).toBe(true);
    for (const bad of ['12345678', '1234567890123456789', '12345678a', ''])
      expect(isValidBankAccount(bad)).toBe(false);
    expect(maskBankAccount('123456789012')).toBe('•••• 9012');
  });
});
