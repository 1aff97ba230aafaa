import type { OpsOrderDetailResponse, OpsOrderPage } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Query } from '../../../../lib/api-client';
import { opsKeys, opsQuery, ownerChoicesQuery } from '../../../lib/ops-api';

// Each GET as a query (ops/lib/ops-api.ts opsQuery): the screens' loaders ask the same on the server.

/** GET /api/ops/orders: filtered, sorted and paged on the server. */
export const opsOrdersQuery = (query: Query) =>
  opsQuery<OpsOrderPage>(opsKeys.orders(query), '/orders', query);

export function useOpsOrders(query: Query, enabled: boolean) {
  return useQuery({ ...opsOrdersQuery(query), placeholderData: keepPreviousData, enabled });
}

/** A number from the address that can be an order's (the API is not asked for any other). */
export const isOrderId = (id: number) => Number.isInteger(id) && id > 0;

/** GET /api/ops/orders/{id}. */
export const opsOrderQuery = (id: number) =>
  opsQuery<OpsOrderDetailResponse>(opsKeys.order(id), `/orders/${id}`);

export function useOpsOrder(id: number) {
  return useQuery({ ...opsOrderQuery(id), enabled: isOrderId(id) });
}

/** The approved media owners, for the owner filter (the first 100 by age is plenty for a select). */
export function useOwnerChoices() {
  return useQuery(ownerChoicesQuery());
}
