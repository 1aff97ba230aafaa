import type { PayoutRow } from '@ooh/shared';
import { PayoutStateChip } from '../../components/payouts/payout-state-chip';
import { payoutBrief } from '../../lib/payouts/payout-words';

/** A booking's payout in a few words, linking to the Payouts page (admins and managers only). */
export function PayoutBrief({ payout }: { payout: PayoutRow | undefined }) {
  if (!payout) return null;
  return (
    <PayoutStateChip
      state={payout.state}
      label={payoutBrief(payout)}
      to={`/partner/payouts#payout-${payout.id}`}
    />
  );
}
