import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { renderedQueriesOf, useRenderedQueries } from '../lib/rendered-queries';
import { useHydrated } from '../lib/use-hydrated';

/** A screen's loader answers are what the server rendered: the screen's code stays in the loaded chunk. */
export const roomClientLoader = () => null;

/**
 * Server-rendered fields that wait for the app: until it has hydrated they are disabled (a disabled
 * fieldset), since text typed into the HTML before React owns it would be shown but not known to the form.
 * A fieldset names its group with a legend (WCAG H71): `legend`, read by screen readers, not drawn.
 */
export function FieldsAfterHydration({ children, legend }: { children: ReactNode; legend: string }) {
  const hydrated = useHydrated();
  return (
    <Box component="fieldset" disabled={!hydrated} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={visuallyHidden}>
        {legend}
      </Box>
      {children}
    </Box>
  );
}

/**
 * Where a room (the media owner's console, the back office) draws its screen. The server renders the screen
 * with the answers its loader asked for (lib/rendered-queries.ts), and the browser hydrates it with the same
 * answers; its fields wait for the app (FieldsAfterHydration).
 */
export function RoomOutlet({ legend }: { legend: string }) {
  const matches = useMatches();
  useRenderedQueries(matches.flatMap((match) => renderedQueriesOf(match.loaderData)));
  return (
    <FieldsAfterHydration legend={legend}>
      <Outlet />
    </FieldsAfterHydration>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 means 100%.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
