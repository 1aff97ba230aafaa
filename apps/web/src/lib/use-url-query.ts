import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from './use-hydrated';

const NONE = new URLSearchParams();

export type SetUrlQuery = (changes: Record<string, string>, options?: { push?: boolean }) => void;

/**
 * The address's query as a page's state (filters, search, page): a reload, a shared link and Back/Forward
 * all bring them back. A server-rendered page is made as if without a query, so until hydration is over this
 * reads as empty, like the HTML being hydrated (else React throws error #418 on /products?state=Goa);
 * the render right after hydration reads the real query. `hydrated` lets a list wait for that render
 * rather than fetch the unfiltered page first.
 *
 * A room's screen (components/room-outlet.tsx) is rendered by the server with its address's query (its loader
 * reads the same query), so with `rendered` it reads the real query from the first render.
 *
 * `set` merges changes (an empty value removes the key; an unchanged address is left alone). Deliberate choices push a history entry, so Back
 * steps through them; typing in a search box replaces it (one entry per search, not per letter).
 */
export function useUrlQuery(options: { rendered?: boolean } = {}): {
  query: URLSearchParams;
  set: SetUrlQuery;
  hydrated: boolean;
} {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const set: SetUrlQuery = (changes, options = {}) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // Nothing changed (Clear with nothing set): no second history entry for the same address.
    if (next.toString() === params.toString()) return;
    setParams(next, { replace: !options.push });
  };
  const known = hydrated || options.rendered === true;
  return { query: known ? params : NONE, set, hydrated: known };
}

/**
 * A search box bound to the address's `search`: the box holds what is being typed, the address what is
 * applied. When the address changes under the box (Back, Forward, the render after hydration), the box
 * shows the address's text again instead of writing its stale text back. Text typed into the server's HTML
 * before the app started is still in the field when it hydrates: the box reads it then (`ref`, the field's
 * inputRef), so it is kept and searched for.
 */
export function useUrlSearchInput(
  applied: string,
): [string, (text: string) => void, RefObject<HTMLInputElement | null>] {
  const [input, setInput] = useState(applied);
  const [seen, setSeen] = useState(applied);
  const ref = useRef<HTMLInputElement | null>(null);
  if (applied !== seen) {
    setSeen(applied);
    if (input.trim() !== applied) setInput(applied);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== input) setInput(typed);
  }, []);
  return [input, setInput, ref];
}
