import { formatDay, formatRupees, type PayoutRow, todayIst } from '@ooh/shared';
import type { PayoutAction } from './api/ops-payouts';

/** Which decisions a payout offers: release and hold while the money is held; release retries a failure. */
export function actionsFor(row: Pick<PayoutRow, 'state' | 'hold_reason'>): PayoutAction[] {
  if (row.state === 'failed') return ['release'];
  if (row.state !== 'held') return [];
  // A suspended owner's payouts wait for its reinstatement (DESIGN 7): the API refuses a release.
  if (row.hold_reason === 'owner_suspended') return ['hold'];
  return row.hold_reason === 'operator_hold' ? ['release'] : ['release', 'hold'];
}

/** The dialog's words for each decision. */
export function actionText(
  action: PayoutAction,
  row: PayoutRow,
  today = todayIst(),
): { label: string; title: string; description: string; danger: boolean; done: string; warning?: string } {
  const amount = formatRupees(row.amount);
  switch (action) {
    case 'release':
      return {
        label: 'Release',
        title: `Release the payout for ${row.site_name}`,
        description: `Sends ${amount} to ${row.media_owner_name}'s bank account now, with or without an accepted proof.`,
        // Paying before the booking starts pays for an ad nobody has seen go up: said before the reason.
        warning:
          row.first_day > today
            ? `This booking starts on ${formatDay(row.first_day)}: releasing now pays ${row.media_owner_name} before the ad can be up. Say why in the reason.`
            : undefined,
        danger: false,
        done: `Released ${amount} to ${row.media_owner_name}.`,
      };
    case 'hold':
      return {
        label: 'Hold',
        title: `Hold the payout for ${row.site_name}`,
        description: `Keeps ${amount} held, even once a proof is verified, until an operator releases it.`,
        danger: true,
        done: `The payout for ${row.site_name} is on hold.`,
      };
    case 'accept-proof':
      return {
        label: 'Accept proof',
        title: `Accept the proof for ${row.site_name}`,
        description: `The photo counts as proof that the ad is up: ${amount} is released to ${row.media_owner_name}.`,
        danger: false,
        done: `Proof accepted: ${amount} released to ${row.media_owner_name}.`,
      };
    case 'reject-proof':
      return {
        label: 'Reject proof',
        title: `Reject the proof for ${row.site_name}`,
        description: `${row.media_owner_name} is asked for a new photo; the payout stays held. They read your reason.`,
        danger: true,
        done: `Proof rejected: ${row.media_owner_name} is asked for a new photo.`,
      };
  }
}
