import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Generated files by content (decision 041): the same input (say a proforma's priced lines, or a
 * campaign's plan) answers the same bytes without drawing them again, and requests for one input that
 * arrive together share one rendering. Bounded by bytes, so a stream of distinct inputs costs at most
 * MAX_BYTES of memory and pushes out the oldest.
 */
const MAX_BYTES = 64 * 1024 * 1024;
const rendered = new LRUCache<string, Buffer>({
  maxSize: MAX_BYTES,
  sizeCalculation: (body) => Math.max(1, body.length),
  // A file bigger than a quarter of the cache is drawn again rather than evicting everything else.
  maxEntrySize: MAX_BYTES / 4,
});
const inFlight = new Map<string, Promise<Buffer>>();

/** `input` must hold everything the file shows (JSON-serialisable); `kind` keeps formats apart. */
export async function renderCached(
  kind: string,
  input: unknown,
  render: () => Promise<Buffer>,
): Promise<Buffer> {
  const key = `${kind}:${createHash('sha256').update(JSON.stringify(input)).digest('base64url')}`;
  const hit = rendered.get(key);
  if (hit) return hit;
  const pending = inFlight.get(key);
  if (pending) return pending;
  const work = render()
    .then((body) => {
      rendered.set(key, body);
      return body;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}
