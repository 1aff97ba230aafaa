import { describe, expect, it } from 'vitest';
import { otpSendBodySchema, otpVerifyBodySchema } from './auth.schemas.ts';
import { userUpdateBodySchema } from './user.schemas.ts';

const base = {
  first_name: 'Asha',
  last_name: 'Rao',
  phone_number: '9876543210',
  company: 'Rao Media',
  address_line_1: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411001',
};

describe('userUpdateBodySchema', () => {
  it('accepts the required fields alone and leaves optional ones out', () => {
    const parsed = userUpdateBodySchema.parse(base);
    expect(parsed).toEqual(base);
    expect('email' in parsed).toBe(false);
  });

  it('turns empty optional fields into null and normalises GSTIN and PAN', () => {
    const parsed = userUpdateBodySchema.parse({
      ...base,
      email: ' ',
      gst: '27aapfu0939f1zv ',
      pan: 'aapfu0939f',
    });
    expect(parsed).toMatchObject({ email: null, gst: '27AAPFU0939F1ZV', pan: 'AAPFU0939F' });
  });

  it.each([
    ['pin', '011001'],
    ['gst', '27AAPFU0939F1AV'],
    ['gst', '27AAPFU0939F0ZV'],
    ['pan', 'AAPFU09390'],
    ['email', 'asha@'],
    ['phone_number', '+919876543210'],
  ])('names %s = %s', (field, value) => {
    const result = userUpdateBodySchema.safeParse({ ...base, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual([field]);
  });
});

describe('sign-in schemas', () => {
  it('take 10-digit mobile numbers and 6-digit codes only', () => {
    expect(otpSendBodySchema.safeParse({ phone_number: '6000000000' }).success).toBe(true);
    expect(otpSendBodySchema.safeParse({ phone_number: '5000000000' }).success).toBe(false);
    expect(otpVerifyBodySchema.safeParse({ verification_id: 'x', code: '012345' }).success).toBe(true);
    expect(otpVerifyBodySchema.safeParse({ verification_id: 'x', code: '12345' }).success).toBe(false);
  });
});
