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
 */
export function FieldsAfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Box component="fieldset" disabled={!hydrated} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {children}
    </Box>
  );
}

/**
 * Where a room (the media owner's console, the back office) draws its screen. The server renders the screen
 * with the answers its loader asked for (lib/rendered-queries.ts), and the browser hydrates it with the same
 * answers; its fields wait for the app (FieldsAfterHydration).
 */
export function RoomOutlet() {
  const matches = useMatches();
  useRenderedQueries(matches.flatMap((match) => renderedQueriesOf(match.loaderData)));
  return (
    <FieldsAfterHydration>
      <Outlet />
    </FieldsAfterHydration>
  );
}
