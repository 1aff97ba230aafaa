import type { ProductCluster } from '@ooh/shared';
import { formatCount } from '@ooh/shared';
import { Marker, useMap } from 'react-leaflet';
import { AVAILABILITY_COLOURS, AVAILABILITY_LABELS } from './availability';
import type { MapSite } from './map-site';
import { clusterIcon, pressed, siteIcon } from './marker-icons';

/** What GET /product/clusters answered for the view: cells of several sites, and the sites alone in theirs. */
export interface ServerClusters {
  clusters: readonly ProductCluster[];
  sites: readonly MapSite[];
}

/** A cluster's colour: the availability all its sites share on the chosen dates, else the plain blue. */
function clusterColour(c: ProductCluster): string {
  if (c.free === undefined) return AVAILABILITY_COLOURS.unknown;
  if (c.free === c.count) return AVAILABILITY_COLOURS.free;
  if (c.booked === c.count) return AVAILABILITY_COLOURS.booked;
  return AVAILABILITY_COLOURS.partly;
}

function clusterLabel(c: ProductCluster): string {
  const dated = c.free === undefined ? '' : `, ${c.free} free for your dates`;
  return `${formatCount(c.count)} sites here${dated}: zoom in`;
}

/**
 * The server's clusters (docs/decisions/045-map-clusters-and-coastline.md): every matching site is in one
 * of them or drawn alone, so the map counts all of them at any zoom. A cluster zooms in on click or Enter.
 */
export function ServerMarkers({
  clusters,
  sites,
  onSelect,
  selectedId,
}: ServerClusters & { onSelect?(id: number): void; selectedId?: number | null }) {
  const map = useMap();
  const zoomInto = (lat: number, lng: number) => map.setView([lat, lng], Math.min(map.getZoom() + 2, 17));
  return (
    <>
      {clusters.map((c) => {
        const label = clusterLabel(c);
        return (
          <Marker
            key={`c${c.latitude},${c.longitude},${c.count}`}
            position={[c.latitude, c.longitude]}
            icon={clusterIcon(c.count, clusterColour(c))}
            title={label}
            eventHandlers={{
              add: (e) => {
                const el = e.target.getElement() as HTMLElement | undefined;
                el?.setAttribute('aria-label', label);
                el?.setAttribute('data-count', String(c.count));
              },
              click: () => zoomInto(c.latitude, c.longitude),
              keydown: (e) => pressed(e) && zoomInto(c.latitude, c.longitude),
            }}
          />
        );
      })}
      {sites.map((site) => {
        if (site.latitude === null || site.longitude === null) return null;
        const status = site.availability ?? 'unknown';
        const label = [site.name, site.city, AVAILABILITY_LABELS[status]].filter(Boolean).join(', ');
        const selected = selectedId === site.id;
        return (
          <Marker
            key={`s${site.id}${selected ? 's' : ''}`}
            position={[site.latitude, site.longitude]}
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
