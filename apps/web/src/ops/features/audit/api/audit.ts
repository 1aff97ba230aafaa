import type { AuditEntry } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Query } from '../../../../lib/api-client';
import { opsKeys, opsQuery } from '../../../lib/ops-api';

export interface AuditPage {
  count: number;
  page: number;
  page_size: number;
  results: AuditEntry[];
}

/** GET /api/ops/audit: newest first, by action, entity or actor; the screen's loader asks the same on the server. */
export const auditLogQuery = (query: Query) => opsQuery<AuditPage>(opsKeys.audit(query), '/audit', query);

export function useAuditLog(query: Query, enabled: boolean) {
  return useQuery({ ...auditLogQuery(query), placeholderData: keepPreviousData, enabled });
}
