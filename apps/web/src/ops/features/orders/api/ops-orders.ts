import type { OpsOrderDetailResponse, OpsOrderPage } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Query } from '../../../../lib/api-client';
import { type MediaOwnerPage, opsGet, opsKeys } from '../../../lib/ops-api';

/** GET /api/ops/orders: filtered, sorted and paged on the server. */
export function useOpsOrders(query: Query, enabled: boolean) {
  return useQuery({
    queryKey: opsKeys.orders(query),
    queryFn: ({ signal }) => opsGet<OpsOrderPage>('/orders', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/ops/orders/{id}. */
export function useOpsOrder(id: number) {
  return useQuery({
    queryKey: opsKeys.order(id),
    queryFn: ({ signal }) => opsGet<OpsOrderDetailResponse>(`/orders/${id}`, undefined, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The approved media owners, for the owner filter (the first 100 by age is plenty for a select). */
export function useOwnerChoices() {
  return useQuery({
    queryKey: ['ops', 'media-owners', 'approved', 'choices'],
    queryFn: ({ signal }) =>
      opsGet<MediaOwnerPage>('/media-owners', { status: 'approved', page_size: 100 }, signal),
    staleTime: 60_000,
  });
}
