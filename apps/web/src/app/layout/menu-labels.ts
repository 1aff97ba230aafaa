/** The header's static menu labels (docs/product-spec.md section 2): they lead nowhere. */
export const MENU = ['Product', 'Solutions', 'Customers', 'Resources', 'Company'];
