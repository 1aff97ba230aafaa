import { ComingSoon } from '../../components/coming-soon';

export default function CheckoutPage() {
  return <ComingSoon title="Checkout" />;
}
