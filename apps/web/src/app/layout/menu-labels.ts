/** The header's static menu labels (SPEC section 2): they lead nowhere. */
export const MENU = ['Product', 'Solutions', 'Customers', 'Resources', 'Company'];
