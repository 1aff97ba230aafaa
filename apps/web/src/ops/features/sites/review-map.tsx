import 'leaflet/dist/leaflet.css';
import { Box, Typography } from '@mui/material';
import { escapeHtml, type OpsSite } from '@ooh/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { apiRequest } from '../../../lib/api-client';
import { centreFor, distanceKm, formatKm, pinCentre, pinCentresNear } from '../../../lib/geo/gazetteer';
import { mapTiles } from '../../../lib/map-tiles';

/** How far around the pin the catalogue's sites and the PIN areas are drawn. */
const RADIUS_KM = 3;

interface NearbySite {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The review dialog's map (issue 22): the site's pin among the catalogue's live sites within 3 km and the
 * centres of the PIN areas around it (the offline gazetteer: no street data), with its distance from the
 * city centre and from the centre of its own PIN code. A pin far from both is usually a typing slip.
 * Loaded with the dialog only (Leaflet is its own chunk).
 */
export default function ReviewMap({ site }: { site: OpsSite }) {
  const lat = site.latitude;
  const lng = site.longitude;
  const point = lat !== null && lng !== null ? { lat, lng } : null;
  const [tiles] = useState(mapTiles);
  const nearby = useQuery({
    queryKey: ['ops', 'review-map', 'sites', lat, lng],
    enabled: point !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ results: NearbySite[] }>('/product/', {
        query: { near: `${lat},${lng}`, radius_km: RADIUS_KM, page_size: 50 },
        signal,
      }),
  });
  const places = useQuery({
    queryKey: ['ops', 'review-map', 'pins', lat, lng, site.pin_code],
    enabled: point !== null,
    queryFn: async () => ({
      near: await pinCentresNear(point!, RADIUS_KM),
      own: await pinCentre(site.pin_code),
    }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!point) return <Typography color="text.secondary">No location given.</Typography>;
  const centre = centreFor(point, site.city);
  const ownKm = places.data?.own ? distanceKm(point, places.data.own) : null;
  const others = (nearby.data?.results ?? []).filter(
    (s) => s.id !== site.id && s.latitude !== null && s.longitude !== null,
  );
  const far = centre.km > 30 || (ownKm !== null && ownKm > 10);

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Location check
      </Typography>
      <Box
        sx={{
          height: 300,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          '& .leaflet-container': { height: '100%', bgcolor: '#eef2f7', fontFamily: 'inherit' },
          '& .pin-label': {
            bgcolor: 'transparent',
            border: 0,
            boxShadow: 'none',
            p: 0,
            color: '#1d3f7a',
            fontSize: 10,
            textShadow: '0 0 3px #fff, 0 0 3px #fff',
            '&::before': { display: 'none' },
          },
        }}
      >
        <MapContainer
          center={[point.lat, point.lng]}
          zoom={14}
          minZoom={10}
          maxZoom={18}
          scrollWheelZoom={false}
          attributionControl={tiles !== null}
          aria-label={`Map around ${site.name}: the site, other live sites and PIN areas`}
        >
          {/* The deployment's street map when MAP_TILE_URL is set (lib/map-tiles.ts), as the owner's picker. */}
          {tiles ? <TileLayer url={tiles.url} attribution={escapeHtml(tiles.attribution)} /> : null}
          {(places.data?.near ?? []).map((p) => (
            <CircleMarker
              key={p.label}
              center={[p.lat, p.lng]}
              radius={3}
              pathOptions={{ color: '#1d3f7a', fillOpacity: 1, weight: 1, interactive: false }}
            >
              <Tooltip permanent direction="right" offset={[4, 0]} className="pin-label">
                {p.label}
              </Tooltip>
            </CircleMarker>
          ))}
          {others.map((o) => (
            <CircleMarker
              key={o.id}
              center={[o.latitude!, o.longitude!]}
              radius={6}
              pathOptions={{ color: '#4a5568', fillColor: '#718096', fillOpacity: 0.8, weight: 1 }}
            >
              <Tooltip>{o.name}</Tooltip>
            </CircleMarker>
          ))}
          <CircleMarker
            center={[point.lat, point.lng]}
            radius={9}
            pathOptions={{ color: '#ffffff', fillColor: '#b85400', fillOpacity: 1, weight: 3 }}
          >
            <Tooltip permanent direction="top" offset={[0, -8]}>
              This site
            </Tooltip>
          </CircleMarker>
        </MapContainer>
      </Box>
      <Typography
        variant="body2"
        sx={{ mt: 1 }}
        color={far ? 'warning.dark' : 'text.secondary'}
        data-testid="review-distance"
      >
        {formatKm(centre.km)} from the centre of {centre.label}
        {ownKm !== null ? ` · ${formatKm(ownKm)} from the centre of PIN ${site.pin_code}` : ''}
        {far ? '. Check the coordinates with the owner.' : ''} · {others.length} live{' '}
        {others.length === 1 ? 'site' : 'sites'} within {RADIUS_KM} km (grey), PIN areas in blue.
      </Typography>
    </Box>
  );
}
