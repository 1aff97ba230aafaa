import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder until this screen is built (issue 11). */
export default function ImportPage() {
  return <ComingSoon title="Import sites" />;
}
