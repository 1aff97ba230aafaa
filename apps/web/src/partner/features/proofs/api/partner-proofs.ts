import type { PartnerProofLine, Proof } from '@ooh/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, withSignInAgain } from '../../../../lib/api-client';
import { apiQueryOptions } from '../../../../lib/api-query';

export const partnerProofsKey = ['partner', 'proofs'] as const;

/**
 * GET /api/partner/proofs: own lines running now or starting within a week, with their proofs. The proofs
 * screen's loader asks the same on the server (lib/loader-queries.ts).
 */
export const partnerProofLinesQuery = () =>
  apiQueryOptions<{ data: PartnerProofLine[] }, PartnerProofLine[]>(partnerProofsKey, {
    path: '/partner/proofs',
    pick: (body) => body.data,
  });

export function usePartnerProofLines() {
  return useQuery(partnerProofLinesQuery());
}

/**
 * POST /api/partner/lines/{lineId}/proofs as multipart (field "file"), with upload progress (hence
 * XMLHttpRequest). Answers the stored proof with its checks; errors in the API's one shape.
 */
export function uploadProof(
  lineId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<Proof> {
  return withSignInAgain(
    () =>
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `/api/partner/lines/${lineId}/proofs`);
        xhr.setRequestHeader('accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
        };
        xhr.onload = () => {
          let body: { data?: Proof; error?: { code?: string; message?: string } } | undefined;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            body = undefined;
          }
          if (xhr.status >= 200 && xhr.status < 300 && body?.data) return resolve(body.data);
          reject(
            new ApiError(
              xhr.status,
              body?.error?.code ?? 'http_error',
              body?.error?.message ?? `Upload failed (${xhr.status}).`,
            ),
          );
        };
        xhr.onerror = () =>
          reject(
            new ApiError(
              0,
              'network_error',
              'The upload was interrupted. Check your connection and try again.',
            ),
          );
        const form = new FormData();
        form.append('file', file, file.name);
        xhr.send(form);
      }),
  );
}

/** DELETE /api/partner/proofs/{id}: withdraw a mistaken proof within 24 hours of posting (decision 046). */
export function useWithdrawProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proofId: number) => apiRequest<null>(`/partner/proofs/${proofId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerProofsKey }),
  });
}
