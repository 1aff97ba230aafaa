import { useEffect, useState } from 'react';
import { ApiError } from './api-client';

/*
 * Private files (creatives) are served only with the bearer token, which an <img src> or a plain link
 * cannot send: they are fetched with it and shown from a data: URL. Downloads (PDFs) go through
 * lib/api-download.ts.
 */

/** The file at an API path (`/api/...`) as a Blob, with the signed-in user's token. */
export async function fetchPrivateFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, {
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, 'http_error', 'The file could not be loaded.');
  return response.blob();
}

/** A blob as a data: URL (the CSP's img-src allows data:, not blob:). */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** A data: URL of a private image for an <img>; null while loading, `failed` when it could not be read. */
export function usePrivateFileUrl(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    setState({ src: null, failed: false });
    fetchPrivateFile(url, controller.signal)
      .then(dataUrlOf)
      .then((src) => {
        if (!controller.signal.aborted) setState({ src, failed: false });
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setState({ src: null, failed: true });
      });
    return () => controller.abort();
  }, [url]);
  return state;
}
