import { ComingSoon } from '../../components/coming-soon';

export default function ProductsPage() {
  return <ComingSoon title="Products" />;
}
