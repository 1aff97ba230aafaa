import { useEffect, useState } from 'react';
import { readToken } from './session';

export type AuthedImage = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

/**
 * A private image (a proof photo, a creative) as an object URL: an <img src> cannot send the bearer token,
 * so the bytes are fetched with it and handed to the <img> as a blob URL, revoked when done.
 */
export function useAuthedObjectUrl(path: string | null): AuthedImage {
  const [state, setState] = useState<AuthedImage>({ status: 'loading' });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    const token = readToken();
    fetch(path, {
      headers: token ? { authorization: `Bearer ${token.token}` } : {},
      signal: controller.signal,
    })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return state;
}
