import { ComingSoon } from '../../components/coming-soon';

export default function CampaignsPage() {
  return <ComingSoon title="Our Recommended Campaigns" />;
}
