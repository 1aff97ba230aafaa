import { ComingSoon } from '../../components/coming-soon';

export default function VerifyMobilePage() {
  return <ComingSoon title="Login" />;
}
