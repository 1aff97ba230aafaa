import type { Creative } from '@ooh/shared';
import { ApiError, withSignInAgain } from '../../../lib/api-client';

/**
 * POST /api/orders/{id}/lines/{lineId}/creative as multipart with upload progress (fetch reports none):
 * XMLHttpRequest (the session cookie goes along), the API's error shape as an ApiError. `onProgress` gets 0..1.
 */
export function uploadCreative(
  orderId: number,
  lineId: number,
  file: File,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<Creative> {
  return withSignInAgain(
    () =>
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `/api/orders/${orderId}/lines/${lineId}/creative`);
        xhr.setRequestHeader('accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress(e.loaded / e.total);
        };
        xhr.onload = () => {
          let data: unknown = null;
          try {
            data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
          } catch {
            data = null;
          }
          if (xhr.status >= 200 && xhr.status < 300) {
            resolve((data as { data: Creative }).data);
            return;
          }
          const error = (
            data as { error?: { code?: string; message?: string; fields?: Record<string, string> } }
          )?.error;
          reject(
            new ApiError(
              xhr.status,
              error?.code ?? 'http_error',
              error?.message ??
                (xhr.status === 413
                  ? 'The file is larger than 50 MB; choose a smaller one.'
                  : `The upload failed (${xhr.status}).`),
              error?.fields,
            ),
          );
        };
        xhr.onerror = () =>
          reject(
            new ApiError(0, 'network_error', 'The upload did not reach the server. Check your connection.'),
          );
        xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
        signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        const form = new FormData();
        form.append('file', file, file.name);
        xhr.send(form);
      }),
  );
}
