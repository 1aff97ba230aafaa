import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { type ReactNode, Suspense, useEffect } from 'react';

/** A result map's height (sites-map.tsx): the slot below keeps exactly this room while the map loads. */
export const MAP_HEIGHT = { xs: 360, md: 520 };

/** The shape of ResultsMap (map, legend line, status line), so nothing below moves when the map arrives. */
export function MapPlaceholder() {
  return (
    <Stack spacing={1.5} role="progressbar" aria-label="Loading the map…">
      <Stack spacing={1}>
        <Skeleton variant="rounded" sx={{ height: MAP_HEIGHT }} />
        <Typography variant="caption">
          <Skeleton width={220} />
        </Typography>
      </Stack>
      <Typography variant="body2">
        <Skeleton width={260} />
      </Typography>
    </Stack>
  );
}

/**
 * Where a result list's map goes (/products, /customize). The map is drawn in the browser only (Leaflet), so
 * until hydration the slot holds the map's placeholder: kept in room when the address asks for the map
 * (`open`, or `<html data-view="map">`, which index.html marks before the first paint), so nothing moves
 * when the map arrives. Once hydrated, React's own `open` decides and the mark is dropped.
 */
export function MapSlot({
  open,
  hydrated,
  children,
}: {
  open: boolean;
  hydrated: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    if (hydrated) document.documentElement.removeAttribute('data-view');
  }, [hydrated]);
  return (
    <Box
      data-testid="map-slot"
      sx={{ mb: 3, display: open ? 'block' : 'none', 'html[data-view="map"] &': { display: 'block' } }}
    >
      {open && hydrated ? (
        <Suspense fallback={<MapPlaceholder />}>{children}</Suspense>
      ) : hydrated ? null : (
        <MapPlaceholder />
      )}
    </Box>
  );
}
