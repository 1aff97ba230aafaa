import './lib/zod-without-eval';
import { StrictMode, useEffect } from 'react';
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

// Hydrated at React's default priority, in one task, not as a sliced transition: a tap that lands while the
// page hydrates then waits in the browser's queue and reaches the hydrated handlers, instead of arriving in
// the middle of a sliced hydration where a link's click was seen to be lost (e2e/payouts.spec.ts).
hydrateRoot(
  document,
  <StrictMode>
    {/* A navigation renders its page in the same commit as the address changes, as the declarative router
      did: no old page under a new address while a transition is pending. */}
    <HydratedRouter useTransitions={false} />
    <HydratedMark />
  </StrictMode>,
);
