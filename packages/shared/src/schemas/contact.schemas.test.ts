import { describe, expect, it } from 'vitest';
import { contactBodySchema, contactFormSchema, helpBodySchema } from './contact.schemas.ts';

const contact = {
  name: ' Asha Rao ',
  company_name: 'Rao Foods',
  phone_number: '9876543210',
  email: 'asha@example.com',
  message: 'Lamp posts in Pune, please.',
};

const issuesAt = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('contactBodySchema', () => {
  it('accepts a complete message and trims the text', () => {
    expect(contactBodySchema.parse(contact).name).toBe('Asha Rao');
  });

  it.each([
    ['name', { name: '  ' }],
    ['company_name', { company_name: '' }],
    ['phone_number', { phone_number: '987654321' }],
    ['phone_number', { phone_number: '98765432100' }],
    ['phone_number', { phone_number: '+919876543' }],
    ['email', { email: 'asha@' }],
    ['message', { message: '' }],
    ['message', { message: 'x'.repeat(2001) }],
  ])('refuses a bad %s', (field, change) => {
    expect(issuesAt(contactBodySchema.safeParse({ ...contact, ...change }))).toContain(field);
  });
});

describe('contactFormSchema', () => {
  it('needs the consent box ticked', () => {
    expect(issuesAt(contactFormSchema.safeParse({ ...contact, consent: false }))).toEqual(['consent']);
    expect(contactFormSchema.safeParse({ ...contact, consent: true }).success).toBe(true);
  });
});

describe('helpBodySchema', () => {
  const help = { phone_number: '9876543210', message: 'Which dates are free?' };

  it('takes a phone of at least 10 digits, written with spaces, dashes or +', () => {
    for (const phone_number of ['9876543210', '+91 98765 43210', '080-4567-8900', '919876543210']) {
      expect(helpBodySchema.safeParse({ ...help, phone_number }).success).toBe(true);
    }
    for (const phone_number of ['987654321', '98765 4321x', '+91 98-76']) {
      expect(issuesAt(helpBodySchema.safeParse({ ...help, phone_number }))).toContain('phone_number');
    }
  });

  it('treats the email as optional, a blank one included, and defaults is_customized to false', () => {
    expect(helpBodySchema.parse(help)).toEqual({ ...help, is_customized: false });
    expect(helpBodySchema.parse({ ...help, email: '' }).email).toBe('');
    expect(issuesAt(helpBodySchema.safeParse({ ...help, email: 'nope' }))).toContain('email');
  });
});
