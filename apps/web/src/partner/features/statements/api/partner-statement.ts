import type { Statement } from '@ooh/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../../lib/api-query';

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * GET /api/partner/statements?month=: a month's lines, refunds, commission and payout due. The statements
 * screen's loader asks the same on the server (lib/loader-queries.ts).
 */
export const statementQuery = (month: string) =>
  apiQueryOptions<Statement>(['partner', 'statement', month], {
    path: '/partner/statements',
    query: { month },
    redirectOn401: false,
  });

export function useStatement(month: string) {
  return useQuery({
    ...statementQuery(month),
    enabled: MONTH.test(month),
    placeholderData: keepPreviousData,
  });
}
