import { ComingSoon } from '../../components/coming-soon';

export default function CustomizePage() {
  return <ComingSoon title="Customize Your Campaign" />;
}
