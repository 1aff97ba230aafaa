import { formatRupees, type PayoutRow } from '@ooh/shared';
import type { PayoutAction } from './api/ops-payouts';

/** Which decisions a payout offers: release and hold while the money is held; release retries a failure. */
export function actionsFor(row: Pick<PayoutRow, 'state' | 'hold_reason'>): PayoutAction[] {
  if (row.state === 'failed') return ['release'];
  if (row.state !== 'held') return [];
  return row.hold_reason === 'operator_hold' ? ['release'] : ['release', 'hold'];
}

/** The dialog's words for each decision. */
export function actionText(action: PayoutAction, row: PayoutRow) {
  const amount = formatRupees(row.amount);
  switch (action) {
    case 'release':
      return {
        label: 'Release',
        title: `Release the payout for ${row.site_name}`,
        description: `Sends ${amount} to ${row.media_owner_name}'s bank account now, with or without an accepted proof.`,
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
