import type { MediaOwner, OpsSitePage } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { opsGet } from './ops-api';

export interface PendingOwnersCount {
  count: number;
  results: MediaOwner[];
}

/**
 * Pending media owners: the queue's first count, and the room's access check (the API answers 401 to a
 * stale session and 403 to a buyer), so the layout and the queues page share one call. `rendered`: the
 * count the server rendered the room with (routes/ops.tsx).
 */
export function usePendingOwnersCount(rendered?: PendingOwnersCount) {
  return useQuery({
    queryKey: ['ops', 'media-owners', 'pending', 'count'],
    queryFn: ({ signal }) =>
      opsGet<PendingOwnersCount>('/media-owners', { status: 'pending', page_size: 1 }, signal),
    initialData: rendered,
    retry: false,
  });
}

export function usePendingSitesCount() {
  return useQuery({
    queryKey: ['ops', 'sites', 'pending', 'count'],
    queryFn: ({ signal }) => opsGet<OpsSitePage>('/sites', { status: 'pending', page_size: 1 }, signal),
    retry: false,
  });
}
