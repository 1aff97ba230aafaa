import { ApiError, type RequestOptions } from './api-client';
import { clearSession } from './session';

/**
 * Downloads a file the API makes (invoice and quotation PDFs): the API needs the bearer token, so a plain
 * link cannot fetch it; the answer is saved as a blob under the name the server gives (content-disposition),
 * else `fileName`. Errors arrive as ApiError.
 * `path` is below /api, or a full /api/... URL as the API hands it out (order.invoice.url).
 */
export async function apiDownload(
  path: string,
  fileName: string,
  options: Pick<RequestOptions, 'method' | 'body'> = {},
): Promise<void> {
  const url = path.startsWith('/api/') ? path : `/api${path}`;
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'We could not reach the server. Check your connection and try again.',
    );
  }
  if (!response.ok) {
    let error: { code?: string; message?: string; fields?: Record<string, string> } | undefined;
    try {
      error = ((await response.json()) as { error?: typeof error }).error;
    } catch {
      error = undefined;
    }
    if (response.status === 401) clearSession();
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `The download failed (${response.status}).`,
      error?.fields,
    );
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = named ?? fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
