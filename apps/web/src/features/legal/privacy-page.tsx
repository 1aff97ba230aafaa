import { ComingSoon } from '../../components/coming-soon';

export default function PrivacyPage() {
  return <ComingSoon title="Privacy Policy" />;
}
