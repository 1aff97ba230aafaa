declare global {
  interface Window {
    /** API answers index.html started fetching for the page it opened at (build/route-preload.ts). */
    __oohEarly?: Record<string, Promise<unknown> | undefined>;
  }
}

/**
 * The answer index.html started fetching for `url` while the app's code was still downloading, once: later
 * requests (a refetch, another visit of the page) go to the network. Resolves to null when that fetch
 * failed or was refused, and the caller then asks again the ordinary way, which reports the error.
 */
export function takeEarlyData(url: string): Promise<unknown> | undefined {
  if (typeof window === 'undefined' || !window.__oohEarly) return undefined;
  const early = window.__oohEarly[url];
  if (early) window.__oohEarly[url] = undefined;
  return early;
}
