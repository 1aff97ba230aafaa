import 'leaflet/dist/leaflet.css';
import { Box, Stack, Typography } from '@mui/material';
import { escapeHtml } from '@ooh/shared';
import { LAND } from '@ooh/shared/land';
import type { GeoJsonObject } from 'geojson';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { GeoJSON, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { mapTiles } from '../../lib/map-tiles';
import { AVAILABILITY_COLOURS, AVAILABILITY_LABELS } from './availability';
import type { Bbox } from './bbox';
import { FineCoast } from './fine-coast';
import type { MapSite } from './map-site';
import { MAP_HEIGHT } from './map-slot';
import { clusterIcon, memo, pressed, siteIcon } from './marker-icons';
import { type ServerClusters, ServerMarkers } from './server-markers';

export type { MapSite } from './map-site';

export interface SitesMapProps {
  sites: readonly MapSite[];
  /** The accessible name of the map. */
  label: string;
  /** Called after the user moves or zooms the map (not when it fits itself to the sites). */
  onViewChange?(bbox: Bbox): void;
  /** A marker was chosen (click, tap, or Enter on a focused marker). */
  onSelect?(id: number): void;
  selectedId?: number | null;
  /** A view to start from (the address's bbox); otherwise the map fits the sites. */
  initialBbox?: Bbox | null;
  height?: number | Record<string, number>;
  /**
   * Clusters counted by the server (GET /product/clusters) instead of clustering `sites` here; `sites` then
   * only names the cities. With them the map reports every view (and its zoom) through onMapView.
   */
  serverClusters?: ServerClusters;
  onMapView?(bbox: Bbox, zoom: number): void;
}

const landRenderer = L.canvas({ padding: 0.5 });
const NO_LAND = { type: 'MultiPolygon', coordinates: [] };
const INDIA: Bbox = [68, 6, 97.5, 37.5];
const toBounds = (b: Bbox) => L.latLngBounds([b[1], b[0]], [b[3], b[2]]);
const round = (n: number) => Math.round(n * 1e4) / 1e4;
const bboxOf = (map: L.Map): Bbox => {
  const b = map.getBounds();
  return [round(b.getWest()), round(b.getSouth()), round(b.getEast()), round(b.getNorth())];
};

type SiteFeature = Supercluster.PointFeature<{ id: number }>;

/** The markers: clusters (a click zooms into them) and single sites, each focusable, labelled and clickable. */
function ClusteredMarkers({
  sites,
  onSelect,
  selectedId,
}: Pick<SitesMapProps, 'sites' | 'onSelect' | 'selectedId'>) {
  const map = useMap();
  const byId = useMemo(() => new Map(sites.map((s) => [s.id, s])), [sites]);
  const index = useMemo(() => {
    const points: SiteFeature[] = sites.flatMap((s) =>
      s.latitude === null || s.longitude === null
        ? []
        : [
            {
              type: 'Feature',
              properties: { id: s.id },
              geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
            },
          ],
    );
    return new Supercluster<{ id: number }>({ radius: 50, maxZoom: 16 }).load(points);
  }, [sites]);
  const read = () => ({ bbox: bboxOf(map), zoom: Math.round(map.getZoom()) });
  const [view, setView] = useState(read);
  useMapEvents({ moveend: () => setView(read()) });
  const items = index.getClusters(view.bbox, view.zoom);
  const zoomInto = (clusterId: number, lat: number, lng: number) =>
    map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), 17));

  return (
    <>
      {items.map((item) => {
        const [lng, lat] = item.geometry.coordinates;
        const props = item.properties as Supercluster.ClusterProperties | { id: number };
        if ('cluster' in props && props.cluster) {
          const label = `${props.point_count} sites here: zoom in`;
          return (
            <Marker
              key={`c${props.cluster_id}`}
              position={[lat, lng]}
              icon={clusterIcon(props.point_count)}
              title={label}
              eventHandlers={{
                add: (e) => e.target.getElement()?.setAttribute('aria-label', label),
                click: () => zoomInto(props.cluster_id, lat, lng),
                keydown: (e) => pressed(e) && zoomInto(props.cluster_id, lat, lng),
              }}
            />
          );
        }
        const site = byId.get((props as { id: number }).id);
        if (!site) return null;
        const status = site.availability ?? 'unknown';
        const label = [site.name, site.city, AVAILABILITY_LABELS[status]].filter(Boolean).join(', ');
        const selected = selectedId === site.id;
        return (
          <Marker
            key={`s${site.id}${selected ? 's' : ''}`}
            position={[lat, lng]}
            icon={siteIcon(AVAILABILITY_COLOURS[status], selected)}
            title={label}
            zIndexOffset={selected ? 1000 : 0}
            eventHandlers={{
              add: (e) => {
                const el = e.target.getElement() as HTMLElement | undefined;
                el?.setAttribute('aria-label', label);
                el?.setAttribute('data-site-id', String(site.id));
              },
              click: () => onSelect?.(site.id),
              keydown: (e) => pressed(e) && onSelect?.(site.id),
            }}
          />
        );
      })}
    </>
  );
}

/**
 * Names of the catalogue's cities, at the middle of their sites, for orientation on the bundled basemap. Each
 * is a marker whose icon is the name itself, centred above the point by CSS: unlike a permanent tooltip, placing
 * it measures nothing, so a map of many cities costs no forced layout per name.
 */
function CityLabels({ sites }: { sites: readonly MapSite[] }) {
  const cities = useMemo(() => {
    const acc = new Map<string, { lat: number; lng: number; n: number }>();
    for (const s of sites) {
      if (!s.city || s.latitude === null || s.longitude === null) continue;
      const c = acc.get(s.city) ?? { lat: 0, lng: 0, n: 0 };
      acc.set(s.city, { lat: c.lat + s.latitude, lng: c.lng + s.longitude, n: c.n + 1 });
    }
    return [...acc].map(([name, c]) => ({ name, lat: c.lat / c.n, lng: c.lng / c.n }));
  }, [sites]);
  return (
    <>
      {cities.map((c) => (
        <Marker
          key={c.name}
          position={[c.lat, c.lng]}
          interactive={false}
          keyboard={false}
          // Above the markers, as Leaflet's tooltips are.
          pane="tooltipPane"
          icon={memo(`city:${c.name}`, () =>
            L.divIcon({
              className: 'sites-map-city',
              // The name is the owners' text: escaped, since Leaflet writes it as HTML.
              html: `<span class="city-label">${escapeHtml(c.name)}</span>`,
              iconSize: [0, 0],
            }),
          )}
        />
      ))}
    </>
  );
}

/**
 * Mounts its children one task after it is mounted itself. The map, its land and its markers and labels are
 * each a separate task this way rather than one long one that holds the page (Lighthouse counts every task
 * over 50 ms as blocking); on a fast machine the difference is not visible.
 */
function NextTask({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true));
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : null;
}

/** Fits the sites once (when there is no starting view), reports the user's moves, exposes the map to tests. */
function ViewSync({
  sites,
  initialBbox,
  onViewChange,
  onMapView,
}: Pick<SitesMapProps, 'sites' | 'initialBbox' | 'onViewChange' | 'onMapView'>) {
  const map = useMap();
  // With server clusters the map starts on India (or the address's view) and asks for what it shows.
  const fitted = useRef(Boolean(initialBbox) || Boolean(onMapView));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    onMapView?.(bboxOf(map), map.getZoom());
  }, [map]);
  const programmatic = useRef(false);
  useEffect(() => {
    // Playwright drives the map through this handle (e2e/map.spec.ts); it is the map's public API.
    (window as unknown as { __sitesMap?: L.Map }).__sitesMap = map;
    return () => {
      delete (window as unknown as { __sitesMap?: L.Map }).__sitesMap;
    };
  }, [map]);
  useEffect(() => {
    if (fitted.current) return;
    const located = sites.filter((s) => s.latitude !== null && s.longitude !== null);
    if (!located.length) return;
    fitted.current = true;
    // Without animation the move ends within the call: its moveend is not the user's.
    programmatic.current = true;
    map.fitBounds(L.latLngBounds(located.map((s) => [s.latitude as number, s.longitude as number])), {
      padding: [30, 30],
      maxZoom: 13,
      animate: false,
    });
    programmatic.current = false;
  }, [map, sites]);
  useMapEvents({
    moveend: () => {
      onMapView?.(bboxOf(map), map.getZoom());
      if (programmatic.current) return;
      onViewChange?.(bboxOf(map));
    },
  });
  return null;
}

/**
 * The sites on a map (docs/product-rules.md section 12): clustered markers coloured by availability, over a bundled
 * land-and-coastline basemap, nothing fetched, or the deployment's tile server when MAP_TILE_URL is set
 * (lib/map-tiles.ts; docs/decisions/031-map-and-basemap.md). Loaded lazily: import it
 * with React.lazy only when the map is opened.
 */
export default function SitesMap({
  sites,
  label,
  onViewChange,
  onSelect,
  selectedId,
  initialBbox,
  height,
  serverClusters,
  onMapView,
}: SitesMapProps) {
  const start = toBounds(initialBbox ?? INDIA);
  const [tiles] = useState(mapTiles);
  // Zoomed in, the fine coastline's tiles replace the coarse land.
  const [fine, setFine] = useState(false);
  return (
    <Stack spacing={1}>
      <Box
        data-testid="sites-map"
        sx={{
          height: height ?? MAP_HEIGHT,
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          '& .leaflet-container': { height: '100%', bgcolor: '#cfe0f1', fontFamily: 'inherit' },
          '& .sites-map-marker, & .sites-map-cluster': { bgcolor: 'transparent', border: 0 },
          '& .leaflet-marker-icon:focus-visible': { outline: '3px solid #ffb300', outlineOffset: 2 },
          '& .city-label': {
            position: 'absolute',
            left: 0,
            top: 0,
            transform: 'translate(-50%, calc(-100% - 18px))',
            whiteSpace: 'nowrap',
            pointerEvents: 'none',
            color: '#1a2233',
            fontSize: 12,
            fontWeight: 600,
            textShadow: '0 0 3px #fff, 0 0 3px #fff',
          },
        }}
      >
        <MapContainer
          bounds={start}
          minZoom={4}
          maxZoom={17}
          zoomSnap={0.5}
          scrollWheelZoom={false}
          maxBounds={[
            [-2, 55],
            [44, 110],
          ]}
          attributionControl={tiles !== null}
          aria-label={label}
        >
          {tiles ? (
            <TileLayer url={tiles.url} attribution={escapeHtml(tiles.attribution)} />
          ) : (
            <NextTask>
              <FineCoast onFine={setFine} />
              <GeoJSON
                key={fine ? 'hidden' : 'shown'}
                data={(fine ? NO_LAND : LAND) as GeoJsonObject}
                interactive={false}
                // One canvas rather than an SVG path of ~4,000 points: less work on each pan and zoom.
                // (react-leaflet passes its props on as Leaflet's options; its types omit `renderer`.)
                {...({ renderer: landRenderer } as object)}
                style={{ color: '#8a9bb0', weight: 1, fillColor: '#f6f3ea', fillOpacity: 1 }}
              />
            </NextTask>
          )}
          <NextTask>
            <NextTask>
              {serverClusters ? (
                <ServerMarkers {...serverClusters} onSelect={onSelect} selectedId={selectedId} />
              ) : (
                <ClusteredMarkers sites={sites} onSelect={onSelect} selectedId={selectedId} />
              )}
              {tiles ? null : (
                <NextTask>
                  <CityLabels sites={sites} />
                </NextTask>
              )}
            </NextTask>
          </NextTask>
          <ViewSync
            sites={sites}
            initialBbox={initialBbox}
            onViewChange={onViewChange}
            onMapView={onMapView}
          />
        </MapContainer>
      </Box>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        {([...sites, ...(serverClusters?.sites ?? [])].some(
          (s) => s.availability && s.availability !== 'unknown',
        ) || serverClusters?.clusters.some((c) => c.free !== undefined)
          ? (['free', 'partly', 'booked'] as const)
          : (['unknown'] as const)
        ).map((k) => (
          <Stack key={k} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: AVAILABILITY_COLOURS[k] }} />
            <Typography variant="caption">
              {k === 'unknown' ? 'A site; a number is a group of sites' : `Site ${AVAILABILITY_LABELS[k]}`}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
