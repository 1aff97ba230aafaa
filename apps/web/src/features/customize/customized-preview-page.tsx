import { ComingSoon } from '../../components/coming-soon';

export default function CustomizedPreviewPage() {
  return <ComingSoon title="Campaign Preview" />;
}
