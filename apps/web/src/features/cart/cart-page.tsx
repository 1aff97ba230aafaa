import { ComingSoon } from '../../components/coming-soon';

export default function CartPage() {
  return <ComingSoon title="My Cart" />;
}
