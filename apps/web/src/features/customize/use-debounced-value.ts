import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (the search box waits 400 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return [settled, setSettled];
}
