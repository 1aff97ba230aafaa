import { redirect } from 'react-router';

/** An address that is no page of the product leads home (docs/product-spec.md section 2). */
export const loader = () => redirect('/');

export default function Unknown() {
  return null;
}
