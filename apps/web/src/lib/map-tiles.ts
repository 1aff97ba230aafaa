/**
 * The tile server of this deployment (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; docs/product-rules.md section 12), which the
 * API writes into every HTML document it sends as <meta name="map-tiles"> and <meta name="map-attribution">
 * (apps/api/src/lib/map-tiles.ts): read at run time, so one build serves any deployment. Null when unset,
 * outside a browser (the server render) or when the page did not come from the API (vite dev): the maps then
 * draw their bundled basemap and fetch nothing (docs/decisions/031-map-and-basemap.md).
 */
export interface MapTiles {
  /** A Leaflet URL template, checked by the server at start: a path on this site or an https:// URL. */
  url: string;
  /** Plain text (never HTML); '' when unset. */
  attribution: string;
}

function metaContent(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
}

export function mapTiles(): MapTiles | null {
  if (typeof document === 'undefined') return null;
  const url = metaContent('map-tiles');
  if (url === '') return null;
  return { url, attribution: metaContent('map-attribution') };
}
