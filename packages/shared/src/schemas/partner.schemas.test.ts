import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../rules/indian-ids.ts';
import { mediaOwnerSchema, partnerApplicationBodySchema } from './partner.schemas.ts';

const valid = {
  company_name: 'Rao Outdoor',
  gstin: '27aapfu0939f1zv',
  pan: 'aapfu0939f',
  address_line_1: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411001',
  contact_name: 'Asha Rao',
  contact_phone: '9876500000',
  contact_email: 'asha@example.com',
  ifsc: 'hdfc0001234',
  account_number: '123456789012',
};

describe('partner application', () => {
  it('accepts a valid one, upper-casing the identifiers', () => {
    const parsed = partnerApplicationBodySchema.parse(valid);
    expect(parsed).toMatchObject({ gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F', ifsc: 'HDFC0001234' });
  });

  it('names the field of each problem', () => {
    const first14 = '29AAGCB7383J1Z';
    const other = first14 + gstinCheckCharacter(first14);
    const result = partnerApplicationBodySchema.safeParse({ ...valid, gstin: other, ifsc: 'HDFC1001234' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['ifsc']));
    const pan = partnerApplicationBodySchema.safeParse({ ...valid, gstin: other });
    expect(pan.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pan', 'PAN must be the one inside the GSTIN'],
    ]);
  });

  it('the answer shape has no field for the whole account number', () => {
    expect(Object.keys(mediaOwnerSchema.shape)).toContain('bank_account_masked');
    expect(Object.keys(mediaOwnerSchema.shape)).not.toContain('account_number');
  });
});
