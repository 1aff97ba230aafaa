import { ApiError, apiRequest } from './api-client';
import { readToken } from './session';

/**
 * Downloads a file the API serves only with the bearer token (credit notes, statements): a plain link
 * cannot send it, so the file is fetched to a blob and handed to the browser under the server's name.
 * `path` is under /api. On an error the JSON call of the same path reads the error shape.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(`/api${path}`, {
    headers: token ? { authorization: `Bearer ${token.token}` } : {},
  }).catch(() => {
    throw new ApiError(
      0,
      'network_error',
      'We could not reach the server. Check your connection and try again.',
    );
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const message = (body as { error?: { message?: string } } | null)?.error?.message;
    if (response.status === 401) await apiRequest(path.replace(/\.(pdf|csv)(\?|$)/, '$2'));
    throw new ApiError(response.status, 'http_error', message ?? `The download failed (${response.status}).`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
