import { startTransition, useCallback, useRef, useState } from 'react';

/**
 * True once the element comes within half a screen of the viewport (or `margin`), and from then on. Sections
 * further down a page render their cards only then: their data is fetched at once, but drawing two dozen
 * cards nobody sees yet was most of the main-thread work while a page loads on a slow phone.
 */
export function useNearViewport<T extends Element>(
  margin = '50%',
): { ref: (node: T | null) => void; near: boolean } {
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (node: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          // A transition: what the section draws renders in slices that leave room for taps and scrolling.
          startTransition(() => setNear(true));
          observer.current?.disconnect();
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.current.observe(node);
    },
    [margin],
  );
  return { ref, near };
}
