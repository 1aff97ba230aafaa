import 'leaflet/dist/leaflet.css';
import { Box } from '@mui/material';
import { escapeHtml, INDIA_BOUNDS } from '@ooh/shared';
import { divIcon, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useState } from 'react';
import {
  CircleMarker,
  MapContainer,
  Marker,
  Polyline,
  Rectangle,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { REFERENCE_CITIES } from '../../../../lib/geo/reference-cities';
import { mapTiles } from '../../../../lib/map-tiles';
import { graticuleLines, roundCoordinate, type ViewBounds } from './graticule';

export interface ReferencePoint {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

const INDIA_CENTRE: [number, number] = [22.5, 79];

/** The site's pin: a drawn dot (no image to fetch), dragged to the exact spot. */
const PIN_ICON = divIcon({
  className: 'site-pin',
  html: '<span style="display:block;width:18px;height:18px;border-radius:50%;background:#b85400;border:3px solid #fff;box-shadow:0 0 0 1px #b85400;cursor:grab"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
});

/** A click sets the point; from far out it also zooms in there, so the next click can be precise. */
function ClickToPick({ onPick }: { onPick(lat: number, lng: number): void }) {
  const map = useMapEvents({
    click: (e) => {
      onPick(roundCoordinate(e.latlng.lat), roundCoordinate(e.latlng.lng));
      if (map.getZoom() < 10) map.setView(e.latlng, Math.min(map.getZoom() + 3, 10));
    },
  });
  return null;
}

/** City names for orientation; smaller cities appear as the owner zooms in. */
function CityLabels() {
  const map = useMap();
  const [zoom, setZoom] = useState(map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  return (
    <>
      {REFERENCE_CITIES.filter((c) => zoom >= c.minZoom).map((c) => (
        <CircleMarker
          key={c.name}
          center={[c.lat, c.lng]}
          radius={2}
          pathOptions={{ color: '#1a2233', weight: 1, fillOpacity: 1, interactive: false }}
        >
          <Tooltip
            permanent
            direction={c.side ?? 'right'}
            offset={[c.side ? -4 : 4, 0]}
            className="city-label"
          >
            {c.name}
          </Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}

function Graticule() {
  const map = useMap();
  const read = () => {
    const b = map.getBounds();
    return {
      view: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() } as ViewBounds,
      zoom: map.getZoom(),
    };
  };
  const [state, setState] = useState(read);
  useMapEvents({ moveend: () => setState(read()), zoomend: () => setState(read()) });
  return (
    <>
      {graticuleLines(state.view, state.zoom).map((line) => (
        <Polyline
          key={`${line.kind}${line.value}`}
          positions={line.ends}
          pathOptions={{ color: '#9aa5b8', weight: 1, opacity: 0.6, interactive: false }}
        />
      ))}
    </>
  );
}

/** Follows the chosen point when it is typed or set from the device's location. */
function Recentre({ point }: { point: [number, number] | null }) {
  const map = useMap();
  const lat = point?.[0];
  const lng = point?.[1];
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    // A point already in view stays put (a click must not move the map under the pointer).
    if (!map.getBounds().pad(-0.1).contains([lat, lng])) map.setView([lat, lng], Math.max(map.getZoom(), 12));
  }, [map, lat, lng]);
  return null;
}

/** A place found by name or PIN code: the map zooms in on the pin, ready for it to be dragged. */
function FocusOn({ point, focus }: { point: [number, number] | null; focus: number }) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search moves the map, not each drag
  useEffect(() => {
    if (focus > 0 && point) map.setView(point, 14);
  }, [map, focus]);
  return null;
}

/**
 * The site's point on a map: a click (or a tap) sets it; the owner's other sites show as grey reference
 * dots. The map's own keyboard controls pan and zoom; the typed coordinates beside it are the keyboard way
 * to set the point. Drawn over the deployment's tile server when MAP_TILE_URL is set (lib/map-tiles.ts);
 * otherwise over a coordinate grid and city names, with nothing fetched from any server.
 */
export default function LocationMap({
  point,
  others,
  onPick,
  focus = 0,
}: {
  point: [number, number] | null;
  others: ReferencePoint[];
  /** Sets the point (a click, a tap, the pin dragged); without it the map only shows the point. */
  onPick?(lat: number, lng: number): void;
  /** Changes when a search set the point. */
  focus?: number;
}) {
  const [tiles] = useState(mapTiles);
  return (
    <Box
      sx={{
        height: { xs: 280, sm: 360 },
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        // City names as plain text, not as bubbles.
        '& .city-label': {
          bgcolor: 'transparent',
          border: 0,
          boxShadow: 'none',
          p: 0,
          color: '#1a2233',
          fontSize: 11,
          fontWeight: 600,
          textShadow: '0 0 3px #fff, 0 0 3px #fff',
          '&::before': { display: 'none' },
        },
        '& .leaflet-container': {
          height: '100%',
          bgcolor: '#eef2f7',
          cursor: onPick ? 'crosshair' : 'grab',
          fontFamily: 'inherit',
        },
      }}
    >
      <MapContainer
        center={point ?? INDIA_CENTRE}
        zoom={point ? 13 : 4}
        minZoom={3}
        maxZoom={18}
        scrollWheelZoom={false}
        maxBounds={[
          [INDIA_BOUNDS.minLat - 5, INDIA_BOUNDS.minLng - 10],
          [INDIA_BOUNDS.maxLat + 5, INDIA_BOUNDS.maxLng + 10],
        ]}
        attributionControl={tiles !== null}
        aria-label={onPick ? "Map: click to set the site's location" : "Map: the site's location"}
      >
        {tiles ? (
          <TileLayer url={tiles.url} attribution={escapeHtml(tiles.attribution)} />
        ) : (
          <>
            <Graticule />
            <CityLabels />
          </>
        )}
        <Rectangle
          bounds={[
            [INDIA_BOUNDS.minLat, INDIA_BOUNDS.minLng],
            [INDIA_BOUNDS.maxLat, INDIA_BOUNDS.maxLng],
          ]}
          pathOptions={{ color: '#0b3d91', weight: 1, fill: false, dashArray: '4 4', interactive: false }}
        />
        {others.map((o) => (
          <CircleMarker
            key={o.id}
            center={[o.latitude, o.longitude]}
            radius={5}
            pathOptions={{ color: '#4a5568', fillColor: '#718096', fillOpacity: 0.8, weight: 1 }}
          >
            <Tooltip>{o.name}</Tooltip>
          </CircleMarker>
        ))}
        {point ? (
          <Marker
            position={point}
            icon={PIN_ICON}
            draggable={onPick !== undefined}
            keyboard={false}
            eventHandlers={{
              dragend: (e) => {
                const at = (e.target as LeafletMarker).getLatLng();
                onPick?.(roundCoordinate(at.lat), roundCoordinate(at.lng));
              },
            }}
          >
            <Tooltip permanent direction="top" offset={[0, -10]}>
              This site
            </Tooltip>
          </Marker>
        ) : null}
        {onPick ? <ClickToPick onPick={onPick} /> : null}
        <Recentre point={point} />
        <FocusOn point={point} focus={focus} />
      </MapContainer>
    </Box>
  );
}
