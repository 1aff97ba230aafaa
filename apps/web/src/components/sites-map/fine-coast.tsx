import type { CoastIndex } from '@ooh/shared/coast';
import coastIndex from '@ooh/shared/geo-data/coast/index.json';
import type { LandMultiPolygon } from '@ooh/shared/land';
import type { GeoJsonObject } from 'geojson';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { GeoJSON, Rectangle, useMap, useMapEvents } from 'react-leaflet';

/** From this zoom the 1:50m land is too coarse (Mumbai's sea front sits in the sea): the fine tiles take over. */
export const FINE_COAST_ZOOM = 9;

const INDEX = coastIndex as CoastIndex;
// Each tile is its own chunk, fetched the first time the map shows it (scripts/map/build-coast.ts).
const TILES = import.meta.glob<LandMultiPolygon>('../../../../../packages/shared/geo-data/coast/*_*.json', {
  import: 'default',
});
const fileOf = (name: string) => `../../../../../packages/shared/geo-data/coast/${name}.json`;
const loaded = new Map<string, LandMultiPolygon>();
const coastRenderer = L.canvas({ padding: 0.5 });
const LAND_STYLE = { stroke: false, fillColor: '#f6f3ea', fillOpacity: 1 };

function tilesInView(map: L.Map): string[] {
  const b = map.getBounds();
  const size = INDEX.tile;
  const names: string[] = [];
  for (let lng = Math.floor(b.getWest() / size) * size; lng < b.getEast(); lng += size) {
    for (let lat = Math.floor(b.getSouth() / size) * size; lat < b.getNorth(); lat += size) {
      names.push(`${lng}_${lat}`);
    }
  }
  return names;
}

/**
 * OpenStreetMap land at about 20 m (docs/decisions/045-map-clusters-and-coastline.md) for the tiles in view,
 * drawn over the sea colour once zoomed in to FINE_COAST_ZOOM; the coarse land is hidden meanwhile
 * (`onFine`). Tiles that are land throughout are plain rectangles.
 */
export function FineCoast({ onFine }: { onFine(fine: boolean): void }) {
  const map = useMap();
  const [view, setView] = useState<string[]>([]);
  const [, setVersion] = useState(0);
  const read = () => {
    const fine = map.getZoom() >= FINE_COAST_ZOOM;
    onFine(fine);
    setView(fine ? tilesInView(map) : []);
  };
  useMapEvents({ moveend: read, zoomend: read });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(read, []);
  useEffect(() => {
    let live = true;
    for (const name of view) {
      const load = TILES[fileOf(name)];
      if (!load || loaded.has(name)) continue;
      void load().then((tile) => {
        loaded.set(name, tile);
        if (live) setVersion((v) => v + 1);
      });
    }
    return () => {
      live = false;
    };
  }, [view]);
  return (
    <>
      {view.map((name) => {
        if (INDEX.land.includes(name)) {
          const [lng, lat] = name.split('_').map(Number);
          return (
            <Rectangle
              key={name}
              bounds={[
                [lat, lng],
                [lat + INDEX.tile, lng + INDEX.tile],
              ]}
              interactive={false}
              pathOptions={LAND_STYLE}
              {...({ renderer: coastRenderer } as object)}
            />
          );
        }
        const tile = loaded.get(name);
        return tile ? (
          <GeoJSON
            key={name}
            data={tile as GeoJsonObject}
            interactive={false}
            style={LAND_STYLE}
            {...({ renderer: coastRenderer } as object)}
          />
        ) : null;
      })}
    </>
  );
}
