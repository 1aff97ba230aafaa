import { MapOutlined } from '@mui/icons-material';
import { Box, Button, Link, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useNearViewport } from '../lib/use-near-viewport';

// The real map (Leaflet, bundled basemap) loads only when the section comes near the screen.
const SitesMap = lazy(() => import('./sites-map/sites-map'));

export interface LocatedSite {
  name: string;
  latitude?: number | null;
  longitude?: number | null;
}

const hasPosition = (s: LocatedSite): s is LocatedSite & { latitude: number; longitude: number } =>
  typeof s.latitude === 'number' &&
  typeof s.longitude === 'number' &&
  Number.isFinite(s.latitude) &&
  Number.isFinite(s.longitude);

/** "18.94000° N, 72.83000° E". */
export function formatCoordinates(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(5)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(longitude).toFixed(5)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lng}`;
}

const osmLink = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;

/**
 * Where the sites are, from their own coordinates only (docs/product-rules.md section 3a: no placeholder may look like
 * a fact): on the real map (bundled land-and-coastline basemap, loaded lazily), numbered as listed, with
 * the coordinates as text too (one site: shown; several: listed for screen readers). Sites without
 * coordinates are said to have none; with none at all nothing is drawn.
 */
export function SiteLocations({ sites, height = 260 }: { sites: readonly LocatedSite[]; height?: number }) {
  const located = sites.flatMap((s, i) =>
    hasPosition(s) ? [{ name: s.name, n: i + 1, latitude: s.latitude, longitude: s.longitude }] : [],
  );
  const missing = sites.length - located.length;
  if (!located.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-coordinates">
        {sites.length === 1 ? 'This site has' : 'These sites have'} no coordinates on record yet.
      </Typography>
    );
  }
  const sitesOnMap = located.map((s) => ({
    id: s.n,
    name: `${s.n}. ${s.name}`,
    latitude: s.latitude,
    longitude: s.longitude,
  }));
  if (sites.length === 1) {
    const [s] = located;
    return (
      <Stack spacing={1} data-testid="site-coordinates">
        <Typography variant="body2">{formatCoordinates(s.latitude, s.longitude)}</Typography>
        <Link
          href={osmLink(s.latitude, s.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
        >
          Open in OpenStreetMap
        </Link>
        <MapOnDemand sites={sitesOnMap} height={height} label={`Map of ${s.name}`} />
      </Stack>
    );
  }

  const lats = located.map((s) => s.latitude);
  const lngs = located.map((s) => s.longitude);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const km = Math.round(
    Math.max((Math.max(...lngs) - Math.min(...lngs)) * k, Math.max(...lats) - Math.min(...lats)) * 111,
  );
  const kmAcross = km < 1 ? 'under 1' : `about ${km}`;
  return (
    <Box data-testid="site-plot">
      <LazyMap
        sites={sitesOnMap}
        height={height}
        label={`Map of the ${located.length} sites, ${kmAcross} km across; each marker is named as the sites are listed`}
      />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {`${located.length} sites from their coordinates (${kmAcross} km across), numbered as listed.`}
        {missing ? ` ${missing} ${missing === 1 ? 'site has' : 'sites have'} no coordinates yet.` : ''}
      </Typography>
      <Box component="ol" sx={visuallyHidden}>
        {located.map((s) => (
          <li key={s.n}>{`${s.n}. ${s.name}: ${formatCoordinates(s.latitude, s.longitude)}`}</li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Read by screen readers, drawn nowhere. Sizes are strings: in `sx` a bare 1 means 100%, which with the
 * list's padding made a hidden box wider than the screen (campaign pages scrolled sideways).
 */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * One site (the product page): its coordinates say where it is; the map loads when asked for, so the
 * page's first load carries none of it.
 */
function MapOnDemand(props: Parameters<typeof LazyMap>[0]) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Box>
        <Button size="small" variant="outlined" startIcon={<MapOutlined />} onClick={() => setOpen(true)}>
          Show on the map
        </Button>
      </Box>
    );
  }
  return <LazyMap {...props} />;
}

/**
 * The map once its box comes into view; a placeholder of the same size until then. Its code (Leaflet, the
 * map, the coastline around the sites: ~80 KB brotli) was 40% of a campaign page's scripts: on a phone the
 * map sits below the page's first screen, and a buyer who never scrolls to it no longer downloads it
 * (docs/decisions/058).
 */
function LazyMap({
  sites,
  height,
  label,
}: {
  sites: Array<{ id: number; name: string; latitude: number; longitude: number }>;
  height: number;
  label: string;
}) {
  const { ref, near } = useNearViewport<HTMLDivElement>('0px');
  const placeholder = <Skeleton variant="rounded" height={height} aria-hidden />;
  return (
    <Box ref={ref} sx={{ minHeight: height }}>
      {near ? (
        <Suspense fallback={placeholder}>
          <SitesMap sites={sites} label={label} height={height} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}
