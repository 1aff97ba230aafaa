import type { CommissionInvoice, Statement } from '@ooh/shared';
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

/**
 * GET /api/partner/commission-invoices?month=: the marketplace's tax invoice for the month's commission
 * (issued once the month is over; admins only, DESIGN 22).
 */
export function useCommissionInvoices(month: string, enabled: boolean) {
  return useQuery({
    ...apiQueryOptions<{ results: CommissionInvoice[] }>(['partner', 'commission-invoices', month], {
      path: '/partner/commission-invoices',
      query: { month },
      redirectOn401: false,
    }),
    enabled: enabled && MONTH.test(month),
  });
}
