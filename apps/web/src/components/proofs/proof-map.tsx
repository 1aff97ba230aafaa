import 'leaflet/dist/leaflet.css';
import { Box, Stack, Typography } from '@mui/material';
import { CircleMarker, MapContainer, Polyline, ScaleControl, Tooltip } from 'react-leaflet';

export interface ProofMapProps {
  site: { latitude: number; longitude: number };
  photo: { latitude: number; longitude: number } | null;
}

/**
 * Where the site is and where the photo was taken: two markers and the line between them on a plain light
 * background with a metric scale, so the distance reads at a glance (no tiles: at this scale the bundled
 * land outline would be one flat colour, and nothing is fetched from a map server). Its own chunk, loaded
 * only with a proof.
 */
export default function ProofMap({ site, photo }: ProofMapProps) {
  const s: [number, number] = [site.latitude, site.longitude];
  const p: [number, number] | null = photo ? [photo.latitude, photo.longitude] : null;
  const bounds: [[number, number], [number, number]] = p
    ? [
        [Math.min(s[0], p[0]) - 0.002, Math.min(s[1], p[1]) - 0.002],
        [Math.max(s[0], p[0]) + 0.002, Math.max(s[1], p[1]) + 0.002],
      ]
    : [
        [s[0] - 0.003, s[1] - 0.003],
        [s[0] + 0.003, s[1] + 0.003],
      ];
  const dot = (color: string) => (
    <Box
      component="span"
      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, display: 'inline-block' }}
    />
  );
  return (
    <Box>
      <Box
        data-testid="proof-map"
        sx={{
          height: 160,
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          '& .leaflet-container': { height: '100%', background: '#eef2f6' },
        }}
      >
        <MapContainer bounds={bounds} scrollWheelZoom={false} attributionControl={false} zoomControl={false}>
          <ScaleControl position="bottomleft" imperial={false} />
          {p && (
            <Polyline positions={[s, p]} pathOptions={{ color: '#5b6b80', weight: 2, dashArray: '4 4' }} />
          )}
          <CircleMarker
            center={s}
            radius={7}
            pathOptions={{ color: '#0b57d0', fillColor: '#0b57d0', fillOpacity: 0.9 }}
          >
            <Tooltip>Site</Tooltip>
          </CircleMarker>
          {p && (
            <CircleMarker
              center={p}
              radius={6}
              pathOptions={{ color: '#c2410c', fillColor: '#f97316', fillOpacity: 0.9 }}
            >
              <Tooltip>Where the photo was taken</Tooltip>
            </CircleMarker>
          )}
        </MapContainer>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 0.5, alignItems: 'center' }} aria-hidden>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {dot('#0b57d0')}
          <Typography variant="caption">Site</Typography>
        </Stack>
        {p && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            {dot('#f97316')}
            <Typography variant="caption">Photo</Typography>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
