import { escapeHtml, type PlanSite } from '@ooh/shared';
import { LAND } from '@ooh/shared/land';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { MediaService } from '../media/media.service.ts';
import { type FileStorage, readAll } from '../storage/file-storage.ts';

/**
 * Pictures for exported plans, made on the server from what we hold: a site photo's stored display copy
 * or the drawn demo image its URL names. Nothing is fetched from the internet. JPEG keeps a 100-site deck
 * small; results are cached by URL, since the same sites recur across plans.
 */

export const PHOTO_SIZE = { width: 800, height: 600 } as const;
export const MAP_SIZE = { width: 480, height: 360 } as const;

// The drawing itself, for either address of a drawn picture (its WebP is made from it).
const DRAWN = /^\/media\/sites\/([a-z-]+)\/([a-z0-9-]+)\/([0-9]+\.(?:svg|webp))$/;
const STORED = /^\/api\/media\/(site-photos\/[0-9]+\/[A-Za-z0-9-]+\.webp)$/;

const media = new MediaService(500);
const photoCache = new LRUCache<string, Buffer>({
  max: 400,
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (b) => b.length,
});

async function sourceOf(storage: FileStorage, url: string): Promise<Buffer | null> {
  const drawn = DRAWN.exec(url);
  if (drawn) {
    const image = media.siteImage(drawn[1], drawn[2], drawn[3]);
    return image ? Buffer.from(image.body) : null;
  }
  const stored = STORED.exec(url);
  if (stored) {
    const file = await storage.get(stored[1]);
    return file ? readAll(file.body) : null;
  }
  return null;
}

/** The site's first photo as a JPEG of PHOTO_SIZE, or null when it has none we hold (or it cannot be read). */
export async function photoJpeg(storage: FileStorage, url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  const hit = photoCache.get(url);
  if (hit) return hit;
  try {
    const source = await sourceOf(storage, url);
    if (!source) return null;
    const jpeg = await sharp(source, { limitInputPixels: 40_000_000 })
      .resize(PHOTO_SIZE.width, PHOTO_SIZE.height, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72, mozjpeg: false })
      .toBuffer();
    photoCache.set(url, jpeg);
    return jpeg;
  } catch {
    return null;
  }
}

/** The part of the world the position image shows: India, with the land around it (no borders, docs/product-rules.md section 12). */
const EXTENT = { minLng: 68, maxLng: 97.5, minLat: 6.5, maxLat: 37 };
const HEADER = 24;
const FOOTER = 22;

/** Characters XML 1.0 cannot hold (C0 controls but tab and line breaks, lone surrogates, U+FFFE/F): dropped. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for the SVG: one character sharp's SVG reader would refuse would otherwise fail the whole export. */
const escapeXml = (s: string) => escapeHtml(s.replace(NOT_XML, ''));

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** Web Mercator (as the site map in the browser), EXTENT fitted into the frame between header and footer. */
function project([lng, lat]: readonly [number, number]): [number, number] {
  const { width: w, height: h } = MAP_SIZE;
  const rad = Math.PI / 180;
  const y0 = mercatorY(EXTENT.minLat);
  const y1 = mercatorY(EXTENT.maxLat);
  const scale = Math.min(w / ((EXTENT.maxLng - EXTENT.minLng) * rad), (h - HEADER - FOOTER) / (y1 - y0));
  const cx = (EXTENT.minLng + EXTENT.maxLng) / 2;
  const cy = (y0 + y1) / 2;
  return [
    w / 2 + (lng - cx) * rad * scale,
    HEADER + (h - HEADER - FOOTER) / 2 - (mercatorY(lat) - cy) * scale,
  ];
}

let landPath: string | undefined;

/** The bundled land (packages/shared/src/geo/land.json) as one SVG path, points closer than a pixel dropped. */
function landSvgPath(): string {
  if (landPath !== undefined) return landPath;
  const parts: string[] = [];
  for (const polygon of LAND.coordinates) {
    for (const ring of polygon) {
      let last = '';
      const points: string[] = [];
      for (const point of ring) {
        const [x, y] = project(point);
        const p = `${Math.round(x)},${Math.round(y)}`;
        if (p !== last) points.push(p);
        last = p;
      }
      if (points.length >= 3) parts.push(`M${points.join('L')}Z`);
    }
  }
  landPath = parts.join('');
  return landPath;
}

/**
 * An SVG of the site's position in India: the land and coastline of the web map's basemap (no borders of any
 * kind), a dot at its coordinates, the city named; its state and coordinates below.
 */
export function positionSvg(site: Pick<PlanSite, 'latitude' | 'longitude' | 'city' | 'state'>): string {
  const { width: w, height: h } = MAP_SIZE;
  let marker = `<text x="${w / 2}" y="${h / 2}" text-anchor="middle" font-size="16" fill="#667085">No coordinates</text>`;
  if (site.latitude !== null && site.longitude !== null) {
    const [px, py] = project([site.longitude, site.latitude]);
    const x = Math.min(w - 8, Math.max(8, px));
    const y = Math.min(h - FOOTER - 8, Math.max(HEADER + 8, py));
    const anchor = x > w * 0.65 ? 'end' : 'start';
    const dx = anchor === 'end' ? -14 : 14;
    marker =
      `<circle cx="${x}" cy="${y}" r="16" fill="#d92d20" fill-opacity="0.18"/>` +
      `<circle cx="${x}" cy="${y}" r="7" fill="#d92d20" stroke="#ffffff" stroke-width="2"/>` +
      `<text x="${x + dx}" y="${y - 10}" text-anchor="${anchor}" font-size="17" font-weight="bold" fill="#101828" stroke="#ffffff" stroke-width="4" paint-order="stroke">${escapeXml(site.city)}</text>`;
  }
  const coords =
    site.latitude !== null && site.longitude !== null
      ? `${site.latitude.toFixed(5)}, ${site.longitude.toFixed(5)}`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans, sans-serif">` +
    `<defs><clipPath id="frame"><rect x="0" y="${HEADER}" width="${w}" height="${h - HEADER - FOOTER}"/></clipPath></defs>` +
    `<rect width="${w}" height="${h}" fill="#ffffff"/>` +
    `<rect x="0" y="${HEADER}" width="${w}" height="${h - HEADER - FOOTER}" fill="#cfe0f1"/>` +
    `<path clip-path="url(#frame)" d="${landSvgPath()}" fill="#f6f3ea" stroke="#8a9bb0" stroke-width="1" fill-rule="evenodd"/>` +
    marker +
    `<text x="8" y="17" font-size="13" fill="#475467">Position in India</text>` +
    `<text x="8" y="${h - 6}" font-size="13" fill="#475467">${escapeXml(`${site.state} · ${coords}`)}</text>` +
    `</svg>`
  );
}

const mapCache = new LRUCache<string, Buffer>({ max: 2000 });

/** The position image as PNG (cached by coordinates and place). */
export async function positionPng(
  site: Pick<PlanSite, 'latitude' | 'longitude' | 'city' | 'state'>,
): Promise<Buffer> {
  const key = `${site.latitude},${site.longitude},${site.city},${site.state}`;
  const hit = mapCache.get(key);
  if (hit) return hit;
  const png = await sharp(Buffer.from(positionSvg(site)))
    .png({ compressionLevel: 6 })
    .toBuffer();
  mapCache.set(key, png);
  return png;
}
