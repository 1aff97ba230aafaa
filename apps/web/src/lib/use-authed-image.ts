import { useEffect, useState } from 'react';
import { readToken } from './session';

export type AuthedImage = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * A private image (a proof photo, a creative) for an <img>: its src cannot send the bearer token, so the
 * bytes are fetched with it and handed over as a data: URL (the Content-Security-Policy allows data:
 * images, not blob:; a display copy is a few hundred kB).
 */
export function useAuthedImage(path: string | null): AuthedImage {
  const [state, setState] = useState<AuthedImage>({ status: 'loading' });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    const token = readToken();
    fetch(path, {
      headers: token ? { authorization: `Bearer ${token.token}` } : {},
      signal: controller.signal,
    })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then(asDataUrl)
      .then((url) => {
        if (!controller.signal.aborted) setState({ status: 'ready', url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [path]);
  return state;
}
