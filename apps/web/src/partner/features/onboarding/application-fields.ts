import type { PartnerApplicationInput } from '@ooh/shared';

export type ApplicationFieldName = keyof PartnerApplicationInput;
export interface ApplicationField {
  name: ApplicationFieldName;
  label: string;
  helper?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  /** The input's type: `tel` for the phone, so its `tel-national` autocomplete applies to a tel field. */
  type?: 'tel' | 'email';
  optional?: boolean;
  upper?: boolean;
  /** Half width on tablets and up. */
  half?: boolean;
}

/** The application's sections in the order the owner fills them (docs/product-rules.md section 7). */
export const APPLICATION_SECTIONS: Array<{ title: string; fields: ApplicationField[] }> = [
  {
    title: 'Company',
    fields: [
      { name: 'company_name', label: 'Company name', autoComplete: 'organization' },
      {
        name: 'gstin',
        label: 'GSTIN',
        helper: '15 characters, e.g. 27AAPFU0939F1ZV',
        upper: true,
        half: true,
      },
      { name: 'pan', label: 'PAN', helper: 'The company PAN inside the GSTIN', upper: true, half: true },
    ],
  },
  {
    title: 'Registered address',
    fields: [
      { name: 'address_line_1', label: 'Address line 1', autoComplete: 'address-line1' },
      {
        name: 'address_line_2',
        label: 'Address line 2 (optional)',
        autoComplete: 'address-line2',
        optional: true,
      },
      { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
      { name: 'state', label: 'State', autoComplete: 'address-level1', half: true },
      { name: 'pin', label: 'PIN code', autoComplete: 'postal-code', inputMode: 'numeric', half: true },
    ],
  },
  {
    title: 'Contact person',
    fields: [
      { name: 'contact_name', label: 'Contact name', autoComplete: 'name' },
      {
        name: 'contact_phone',
        label: 'Mobile number',
        autoComplete: 'tel-national',
        inputMode: 'tel',
        type: 'tel',
        helper: '10 digits',
        half: true,
      },
      { name: 'contact_email', label: 'Email', autoComplete: 'email', inputMode: 'email', half: true },
    ],
  },
  {
    title: 'Bank account for payouts',
    fields: [
      { name: 'ifsc', label: 'IFSC', helper: 'e.g. HDFC0001234', upper: true, half: true },
      {
        name: 'account_number',
        label: 'Account number',
        helper: '9-18 digits; shown masked after saving',
        inputMode: 'numeric',
        autoComplete: 'off',
        half: true,
      },
    ],
  },
];

export const APPLICATION_FIELD_NAMES = APPLICATION_SECTIONS.flatMap((s) => s.fields.map((f) => f.name));

export const emptyApplication = (phone = ''): Record<ApplicationFieldName, string> => ({
  company_name: '',
  gstin: '',
  pan: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  state: '',
  pin: '',
  contact_name: '',
  contact_phone: phone,
  contact_email: '',
  ifsc: '',
  account_number: '',
});
