import { Box, Link, Stack, Typography } from '@mui/material';

export interface LocatedSite {
  name: string;
  latitude?: number | null;
  longitude?: number | null;
}

const W = 640;
const H = 360;
const PAD = 40;

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
 * Where the sites are, from their own coordinates only (DESIGN.md section 3a: no placeholder may look like
 * a fact). One site: its coordinates and a link to a real map. Several: a plot of their positions relative
 * to each other, numbered as listed, with no streets or rivers invented around them. Sites without
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
  if (sites.length === 1) {
    const [s] = located;
    return (
      <Stack spacing={0.5} data-testid="site-coordinates">
        <Typography variant="body2">{formatCoordinates(s.latitude, s.longitude)}</Typography>
        <Link
          href={osmLink(s.latitude, s.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
        >
          Open in OpenStreetMap
        </Link>
      </Stack>
    );
  }

  // Equirectangular, scaled by the cosine of the middle latitude so distances keep their proportions.
  const lats = located.map((s) => s.latitude);
  const lngs = located.map((s) => s.longitude);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const xs = lngs.map((l) => l * k);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...lats) - Math.min(...lats);
  const scale = Math.min((W - 2 * PAD) / (spanX || 1), (H - 2 * PAD) / (spanY || 1));
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...lats) + Math.min(...lats)) / 2;
  const km = Math.round(Math.max(spanX, spanY) * 111);
  const kmAcross = km < 1 ? 'under 1' : `about ${km}`;
  return (
    <Box data-testid="site-plot">
      <Box
        component="svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Positions of ${located.length} sites from their coordinates, ${kmAcross} km across`}
        sx={{ display: 'block', width: '100%', height, borderRadius: 2, bgcolor: 'grey.100' }}
      >
        {located.map((s, i) => {
          const x = W / 2 + (xs[i] - cx) * scale;
          const y = H / 2 - (s.latitude - cy) * scale;
          return (
            <g key={s.n} transform={`translate(${x} ${y})`}>
              <title>{`${s.n}. ${s.name}: ${formatCoordinates(s.latitude, s.longitude)}`}</title>
              <circle r={13} fill="#c62828" stroke="#fff" strokeWidth={2} />
              <text y={5} textAnchor="middle" fontSize={13} fontWeight={700} fill="#fff">
                {s.n}
              </text>
            </g>
          );
        })}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {`Positions from each site's coordinates (${kmAcross} km across); not a street map.`}
        {missing ? ` ${missing} ${missing === 1 ? 'site has' : 'sites have'} no coordinates yet.` : ''}
      </Typography>
    </Box>
  );
}
