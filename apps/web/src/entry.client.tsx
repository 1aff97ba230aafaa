import './lib/zod-without-eval';
import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * A measurement, never a gate: `hydrated` is marked once hydrateRoot's first commit is done (its effects run
 * then), so scripts/bench/real-throttle.ts can read first paint to hydrated. Nothing waits on it.
 */
function HydratedMark() {
  useEffect(() => {
    if (performance.getEntriesByName('hydrated').length === 0) performance.mark('hydrated');
  }, []);
  return null;
}

// As a transition hydration is time-sliced: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (long tasks are what a slow phone feels).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      {/* A navigation renders its page in the same commit as the address changes, as the declarative router
        did: no old page under a new address while a transition is pending. */}
      <HydratedRouter useTransitions={false} />
      <HydratedMark />
    </StrictMode>,
  );
});
