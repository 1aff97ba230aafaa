import { ComingSoon } from '../../components/coming-soon';

export default function ProductPage() {
  return <ComingSoon title="Product" />;
}
