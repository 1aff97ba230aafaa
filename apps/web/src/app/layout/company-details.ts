/** Static contact details shown on the home and legal pages and in the footer (SPEC section 2). */
export const COMPANY = {
  legalName: 'AdSpace India Media Private Limited',
  address: '4th Floor, Prestige Meridian 1, 29 MG Road, Bengaluru, Karnataka 560001',
  email: 'hello@adspaceindia.example',
  phone: '+91 80 4567 8900',
  /** For tel: links. */
  phoneHref: 'tel:+918045678900',
  hours: 'Monday to Saturday, 9:30 am to 6:30 pm IST',
  /** The Grievance Officer the IT Rules, 2011 ask for, named in the privacy policy. */
  grievanceOfficer: { name: 'Ms. Kavya Menon', email: 'grievance@adspaceindia.example' },
};
