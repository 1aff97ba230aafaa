import type { SiteBlock, SiteBlockBody } from '@ooh/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** POST /api/partner/sites/{id}/blocks (to_date exclusive: the day after the last day), idempotent by key. */
export function createBlock(siteId: number, body: SiteBlockBody, idempotencyKey: string): Promise<SiteBlock> {
  return apiRequest<{ data: SiteBlock }>(`/partner/sites/${siteId}/blocks`, {
    method: 'POST',
    body,
    idempotencyKey,
  }).then((r) => r.data);
}

/** DELETE /api/partner/sites/{id}/blocks/{blockId}. */
export function removeBlock(siteId: number, blockId: number): Promise<void> {
  return apiRequest<void>(`/partner/sites/${siteId}/blocks/${blockId}`, { method: 'DELETE' });
}

/** Both refresh every month of the calendar once they land. */
export function useCreateBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { siteId: number; body: SiteBlockBody; key: string }) =>
      createBlock(v.siteId, v.body, v.key),
    onSuccess: () => client.invalidateQueries({ queryKey: ['partner', 'calendar'] }),
  });
}

export function useRemoveBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { siteId: number; blockId: number }) => removeBlock(v.siteId, v.blockId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['partner', 'calendar'] }),
  });
}
