import data from './land.json';

/**
 * Land around India (Natural Earth 1:50m, public domain), clipped to 50-115°E, 10°S-50°N and rounded to
 * 0.02° by scripts/map/build-land.ts: coastline only, no borders of any kind (decision 031). The web map draws
 * it as its offline basemap, the exported plans as the site's position. Imported on its own
 * (`@ooh/shared/land`), never through the package's index, so only the code that draws it carries its 58 KB.
 */
export interface LandMultiPolygon {
  type: 'MultiPolygon';
  /** Polygons of rings of [longitude, latitude], GeoJSON's order. */
  coordinates: Array<Array<Array<[number, number]>>>;
}

export const LAND = data as LandMultiPolygon;
