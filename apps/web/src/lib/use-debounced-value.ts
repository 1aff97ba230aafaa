import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (search boxes wait SEARCH_DEBOUNCE_MS, 400 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  return useDebounced(value, delayMs)[0];
}

/**
 * The same, with a way to settle it at once: a Search button applies the text typed without waiting.
 */
export function useDebounced<T>(value: T, delayMs: number): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return [settled, setSettled];
}
