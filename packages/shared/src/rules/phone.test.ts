import { describe, expect, it } from 'vitest';
import { maskPhone, normalisePhone, PHONE_PATTERN, toE164 } from './phone.ts';

describe('normalisePhone', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['6000000000', '6000000000'],
  ])('%s -> %s', (input, out) => {
    expect(normalisePhone(input)).toBe(out);
  });

  it.each([
    ['starts with 5', '5876543210'],
    ['9 digits', '987654321'],
    ['11 digits', '98765432101'],
    ['+91 and 9 digits', '+91987654321'],
    ['a leading 0', '09876543210'],
    ['another country', '+449876543210'],
    ['letters', 'abcdefghij'],
    ['empty', ''],
  ])('refuses %s', (_label, input) => {
    expect(normalisePhone(input)).toBeNull();
  });

  it('always yields what PHONE_PATTERN accepts', () => {
    expect(PHONE_PATTERN.test(normalisePhone('+91 70000 00001') ?? '')).toBe(true);
  });
});

describe('toE164', () => {
  it('adds +91', () => {
    expect(toE164('9876543210')).toBe('+919876543210');
  });
});

describe('maskPhone', () => {
  it('keeps only the last two digits', () => {
    expect(maskPhone('9876543210')).toBe('********10');
    expect(maskPhone('+919876543210')).toBe('***********10');
    expect(maskPhone('9876543210')).not.toContain('98765');
  });

  it('hides short input entirely', () => {
    expect(maskPhone('123')).toBe('**');
    expect(maskPhone('')).toBe('**');
  });
});
