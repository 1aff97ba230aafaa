import { ComingSoon } from '../../components/coming-soon';

export default function CampaignPage() {
  return <ComingSoon title="Campaign" />;
}
