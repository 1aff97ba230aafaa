/** Static contact details shown on the home and legal pages (SPEC section 2). */
export const COMPANY = {
  legalName: 'AdSpace India Media Private Limited',
  address: '4th Floor, Prestige Meridian 1, 29 MG Road, Bengaluru, Karnataka 560001',
  email: 'hello@adspaceindia.example',
  phone: '+91 80 4567 8900',
};
