import type { PlanSite } from '@ooh/shared';
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

const DRAWN = /^\/media\/sites\/([a-z-]+)\/([a-z0-9-]+)\/([0-9]+\.svg)$/;
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

/** India's extent: where a site's dot goes on the position image (no borders are drawn, DESIGN section 12). */
const EXTENT = { minLng: 68, maxLng: 97.5, minLat: 6.5, maxLat: 37 };

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** An SVG of the site's position in India: a light grid, a dot at its coordinates, the city named. */
export function positionSvg(site: Pick<PlanSite, 'latitude' | 'longitude' | 'city' | 'state'>): string {
  const { width: w, height: h } = MAP_SIZE;
  const pad = 24;
  const grid: string[] = [];
  for (let i = 1; i < 6; i++) {
    const x = pad + ((w - 2 * pad) * i) / 6;
    const y = pad + ((h - 2 * pad) * i) / 6;
    grid.push(
      `<line x1="${x}" y1="${pad}" x2="${x}" y2="${h - pad}"/><line x1="${pad}" y1="${y}" x2="${w - pad}" y2="${y}"/>`,
    );
  }
  let marker = `<text x="${w / 2}" y="${h / 2}" text-anchor="middle" font-size="16" fill="#667085">No coordinates</text>`;
  if (site.latitude !== null && site.longitude !== null) {
    const fx = (site.longitude - EXTENT.minLng) / (EXTENT.maxLng - EXTENT.minLng);
    const fy = (EXTENT.maxLat - site.latitude) / (EXTENT.maxLat - EXTENT.minLat);
    const x = pad + Math.min(1, Math.max(0, fx)) * (w - 2 * pad);
    const y = pad + Math.min(1, Math.max(0, fy)) * (h - 2 * pad);
    const anchor = x > w * 0.65 ? 'end' : 'start';
    const dx = anchor === 'end' ? -14 : 14;
    marker =
      `<circle cx="${x}" cy="${y}" r="16" fill="#d92d20" fill-opacity="0.18"/>` +
      `<circle cx="${x}" cy="${y}" r="7" fill="#d92d20" stroke="#ffffff" stroke-width="2"/>` +
      `<text x="${x + dx}" y="${y - 10}" text-anchor="${anchor}" font-size="17" font-weight="bold" fill="#101828">${escapeXml(site.city)}</text>`;
  }
  const coords =
    site.latitude !== null && site.longitude !== null
      ? `${site.latitude.toFixed(5)}, ${site.longitude.toFixed(5)}`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans, sans-serif">` +
    `<rect width="${w}" height="${h}" fill="#f2f6fa"/>` +
    `<rect x="${pad}" y="${pad}" width="${w - 2 * pad}" height="${h - 2 * pad}" fill="#ffffff" stroke="#d0d5dd"/>` +
    `<g stroke="#eaecf0" stroke-width="1">${grid.join('')}</g>${marker}` +
    `<text x="${pad}" y="17" font-size="13" fill="#475467">Position within India (not to scale)</text>` +
    `<text x="${pad}" y="${h - 6}" font-size="13" fill="#475467">${escapeXml(`${site.state} · ${coords}`)}</text>` +
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
