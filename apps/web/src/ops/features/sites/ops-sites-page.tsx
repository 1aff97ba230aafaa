import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until this screen is built (issue 11). */
export default function OpsSitesPage() {
  return <ComingSoon title="Sites to review" />;
}
