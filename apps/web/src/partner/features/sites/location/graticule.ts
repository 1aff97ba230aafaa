/** Bounds of the visible map, in degrees. */
export interface ViewBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The spacing of the grid for a zoom level: about 4-10 lines across the screen at any zoom. */
export function graticuleStep(zoom: number): number {
  if (zoom < 6) return 5;
  if (zoom < 8) return 1;
  if (zoom < 10) return 0.25;
  if (zoom < 12) return 0.05;
  if (zoom < 14) return 0.01;
  return 0.0025;
}

/**
 * The grid lines (latitude and longitude) crossing the view, each as two [lat, lng] ends. Without a basemap
 * this grid, the owner's other sites and the typed coordinates are what places a point.
 */
export function graticuleLines(
  view: ViewBounds,
  zoom: number,
): Array<{ ends: [[number, number], [number, number]]; value: number; kind: 'lat' | 'lng' }> {
  const step = graticuleStep(zoom);
  const lines: Array<{ ends: [[number, number], [number, number]]; value: number; kind: 'lat' | 'lng' }> = [];
  const round = (v: number) => Math.round(v / step) * step;
  // A guard, so a bad bounds object never loops for long.
  const max = 200;
  for (let lat = Math.ceil(view.south / step) * step, n = 0; lat <= view.north && n < max; lat += step, n++) {
    lines.push({
      ends: [
        [round(lat), view.west],
        [round(lat), view.east],
      ],
      value: round(lat),
      kind: 'lat',
    });
  }
  for (let lng = Math.ceil(view.west / step) * step, n = 0; lng <= view.east && n < max; lng += step, n++) {
    lines.push({
      ends: [
        [view.south, round(lng)],
        [view.north, round(lng)],
      ],
      value: round(lng),
      kind: 'lng',
    });
  }
  return lines;
}

/** A coordinate rounded as stored: 6 decimals are about 10 cm. */
export const roundCoordinate = (v: number) => Math.round(v * 1e6) / 1e6;
