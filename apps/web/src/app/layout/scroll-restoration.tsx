import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll positions by history entry, kept for Back and Forward. */
const positions = new Map<string, number>();

/**
 * What react-router's ScrollRestoration did for the data router, for the declarative one (a third of the
 * router's code): a new page starts at the top, Back and Forward return to where the page was left.
 */
export function ScrollRestoration() {
  const { key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  useEffect(() => {
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);

  const hydrating = useRef(true);
  useLayoutEffect(() => {
    // The first run is the hydration of the page the browser opened: its reader may already have scrolled
    // the prerendered page (a slow phone hydrates seconds later), so the position is theirs to keep.
    if (hydrating.current) {
      hydrating.current = false;
      return;
    }
    window.scrollTo(0, navigationType === 'POP' ? (positions.get(key) ?? 0) : 0);
  }, [key, navigationType]);

  return null;
}
