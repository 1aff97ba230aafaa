import type { AuditEntry } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Query } from '../../../../lib/api-client';
import { opsGet, opsKeys } from '../../../lib/ops-api';

export interface AuditPage {
  count: number;
  page: number;
  page_size: number;
  results: AuditEntry[];
}

/** GET /api/ops/audit: newest first, by action, entity or actor. */
export function useAuditLog(query: Query, enabled: boolean) {
  return useQuery({
    queryKey: opsKeys.audit(query),
    queryFn: ({ signal }) => opsGet<AuditPage>('/audit', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
