import type { MediaOwner, OpsOrderPage, OpsSitePage } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { opsQuery } from './ops-api';

export interface PendingOwnersCount {
  count: number;
  results: MediaOwner[];
}

/** The queues' counts: one item of each list is enough, the count comes with it. */
export const pendingOwnersCountQuery = () =>
  opsQuery<PendingOwnersCount>(['ops', 'media-owners', 'pending', 'count'], '/media-owners', {
    status: 'pending',
    page_size: 1,
  });

export const pendingSitesCountQuery = () =>
  opsQuery<OpsSitePage>(['ops', 'sites', 'pending', 'count'], '/sites', { status: 'pending', page_size: 1 });

export const awaitingCashCountQuery = () =>
  opsQuery<OpsOrderPage>(['ops', 'orders', 'awaiting_payment', 'count'], '/orders', {
    status: 'awaiting_payment',
    page_size: 1,
  });

/**
 * Pending media owners: the queue's first count, and the room's access check (the API answers 401 to a
 * stale session and 403 to a buyer), so the layout and the queues page share one call. The server renders
 * the room with it (routes/ops.tsx, its loader's dehydrated cache).
 */
export function usePendingOwnersCount() {
  return useQuery({ ...pendingOwnersCountQuery(), retry: false });
}

export function usePendingSitesCount() {
  return useQuery({ ...pendingSitesCountQuery(), retry: false });
}

/** Cash orders held for a payment at the office or by bank transfer. */
export function useAwaitingCashCount() {
  return useQuery(awaitingCashCountQuery());
}
