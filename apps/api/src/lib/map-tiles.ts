import { escapeHtml } from '@ooh/shared';

/**
 * MAP_TILE_URL and MAP_TILE_ATTRIBUTION (docs/product-rules.md section 12, decision 031): the tile server the web app's
 * maps draw on instead of their bundled basemap. Checked once at start; the SPA learns them from two <meta>
 * tags in every HTML document the server sends, and the Content-Security-Policy allows the tiles' origin.
 */

export interface MapTiles {
  /** A Leaflet URL template: a same-origin path (/tiles/{z}/{x}/{y}.png) or an absolute https URL. */
  url: string;
  /** Plain text shown in the map's corner (never HTML); empty when unset. */
  attribution: string;
}

const MAX_URL = 500;
const MAX_ATTRIBUTION = 300;
/** The placeholders Leaflet fills in a tile URL by itself; any other name would make it throw. */
const PLACEHOLDERS = new Set(['{z}', '{x}', '{y}', '{-y}', '{s}', '{r}']);
/** Printable ASCII without spaces, quotes, backslash, angle brackets or backtick. */
const URL_CHARS = /^[!#-&(-;=?-[\]-_a-z{-~]+$/i;
/** scheme://host[:port]/..., with {s} allowed only as the host's first label. */
const ABSOLUTE = /^(https?):\/\/((?:\{s\}\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(:\d{1,5})?\/[^?#]*(?:\?[^#]*)?$/i;

/**
 * MAP_TILE_URL checked, or the reason it is refused (one line, for the start's error). A path on this origin
 * needs no change to the Content-Security-Policy; an https URL adds its origin to img-src; plain http only
 * outside production (a local tile server).
 */
export function mapTileUrlProblem(url: string, production: boolean): string | undefined {
  if (url.length > MAX_URL) return `must be at most ${MAX_URL} characters`;
  if (!URL_CHARS.test(url)) {
    return 'must be printable ASCII without spaces, quotes, backslashes, < or > (e.g. https://tiles.example.in/{z}/{x}/{y}.png)';
  }
  // {-y} is {y} counted from the south (TMS servers).
  for (const [name, found] of [
    ['{z}', url.includes('{z}')],
    ['{x}', url.includes('{x}')],
    ['{y}', url.includes('{y}') || url.includes('{-y}')],
  ] as const) {
    if (!found) return `must contain {z}, {x} and {y} (e.g. /tiles/{z}/{x}/{y}.png); ${name} is missing`;
  }
  const unknown = (url.match(/\{[^}]*\}?/g) ?? []).find((p) => !PLACEHOLDERS.has(p));
  if (unknown) return `has the placeholder ${unknown}; only {z}, {x}, {y}, {-y}, {s} and {r} are filled in`;
  if (url.startsWith('/')) {
    return url.startsWith('//')
      ? 'must be a path on this site (/tiles/...) or an https:// URL, not //host/...'
      : undefined;
  }
  const absolute = ABSOLUTE.exec(url);
  if (!absolute || (absolute[3] && Number(absolute[3].slice(1)) > 65535)) {
    return 'must be a path on this site (/tiles/{z}/{x}/{y}.png) or an https:// URL with a host name';
  }
  if (absolute[1].toLowerCase() === 'http' && production) return 'must be https:// in production';
  if (absolute[1] !== absolute[1].toLowerCase()) return 'must start with https:// (lower case)';
  return undefined;
}

/** MAP_TILE_ATTRIBUTION checked: plain text, so no markup and no control characters. */
export function mapTileAttributionProblem(text: string): string | undefined {
  if (text.length > MAX_ATTRIBUTION) return `must be at most ${MAX_ATTRIBUTION} characters`;
  if (/[<>]/.test(text)) return 'is plain text: it must not contain < or > (it is never read as HTML)';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return 'must not contain control characters or line breaks';
  return undefined;
}

/**
 * The img-src source the tiles need: none for a path on this origin; else scheme://host[:port], with a {s}
 * subdomain written as the wildcard *. on the rest of the host.
 */
export function mapTileImgSource(tiles: MapTiles | undefined): string | null {
  if (!tiles || tiles.url.startsWith('/')) return null;
  const absolute = ABSOLUTE.exec(tiles.url);
  if (!absolute) return null;
  const host = absolute[2].toLowerCase().replace(/^\{s\}\./, '*.');
  return `${absolute[1].toLowerCase()}://${host}${absolute[3] ?? ''}`;
}

/** The <meta> tags that tell the web app about the tile server (apps/web/src/lib/map-tiles.ts); '' when unset. */
export function mapTileMetaTags(tiles: MapTiles | undefined): string {
  if (!tiles) return '';
  const attribution = tiles.attribution
    ? `<meta name="map-attribution" content="${escapeHtml(tiles.attribution)}">`
    : '';
  return `<meta name="map-tiles" content="${escapeHtml(tiles.url)}">${attribution}`;
}

/**
 * An HTML document with tags added at the end of its <head> (outside the React root, so hydration never sees
 * them); a document without </head> gets them first, where the browser opens its implied <head>.
 */
export function withHeadTags(html: string, tags: string): string {
  if (tags === '') return html;
  const end = html.indexOf('</head>');
  if (end >= 0) return html.slice(0, end) + tags + html.slice(end);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return html.slice(0, at) + tags + html.slice(at);
}
