import { type RefObject, useEffect } from 'react';

/**
 * A file field of the server's HTML may be given files before the app has started (its change event then
 * reached no handler): when the field hydrates, the files it already holds are taken as if chosen then.
 * What is typed or chosen before hydration is never lost (DESIGN 2, "Usable before hydration").
 */
export function useEarlyFiles(
  ref: RefObject<HTMLInputElement | null>,
  onFiles: (input: HTMLInputElement) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const input = ref.current;
    if (input?.files?.length) onFiles(input);
  }, []);
}
