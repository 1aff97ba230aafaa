import { useEffect, useState } from 'react';
import { ApiError } from './api-client';
import { readToken } from './session';

/*
 * Private files (creatives) are served only with the bearer token, which an <img src> or a plain link
 * cannot send: they are fetched with it and shown from a blob: URL.
 */

/** The file at an API path (`/api/...`) as a Blob, with the signed-in user's token. */
export async function fetchPrivateFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = readToken();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token.token}` } : {},
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, 'http_error', 'The file could not be loaded.');
  return response.blob();
}

/** A blob: URL of a private image for an <img>, revoked when the component goes; null while loading. */
export function usePrivateFileUrl(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ src: null, failed: false });
    fetchPrivateFile(url, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

/** Downloads a private file under its own name (a PDF creative: never opened on our origin). */
export async function downloadPrivateFile(url: string, fileName: string): Promise<void> {
  const blob = await fetchPrivateFile(url);
  const objectUrl = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
