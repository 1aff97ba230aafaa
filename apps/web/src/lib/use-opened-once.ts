import { useState } from 'react';

/**
 * True from the first time `open` is true. A dialog whose code loads lazily mounts then (and not with the
 * page, which then downloads it only if somebody opens it), and stays mounted so it can animate closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
