/**
 * Turns a media path into SVG bytes, or into a WebP drawn from them. Images are drawn from the URL alone
 * (see site-image-url.ts) and kept in bounded in-memory caches, so a hot catalogue page costs one lookup
 * per image. Pages show the WebP (docs/decisions/061): a browser decodes it off its main thread, where each
 * SVG picture was a document of its own to build (15-40 ms on a mid-range phone, per picture).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { CITY_BY_SLUG } from '../../db/seed/cities.ts';
import { KIND_SLUGS, type KindSlug, MAX_VARIANT } from './site-image-url.ts';
import { renderPlaceholder, renderSiteScene } from './svg/scene.ts';

export interface MediaImage {
  body: string;
  etag: string;
}

export interface RasterImage {
  body: Buffer;
  etag: string;
}

const VARIANT_FILE = /^([1-9][0-9]{0,5})\.(svg|webp)$/;

/** Effort 2 of 6: a 17 KB picture in 20-40 ms of a libvips thread; the default's is 5% smaller, twice as slow. */
const WEBP = { quality: 75, effort: 2 } as const;

/**
 * Pictures drawn at once, at most: every valid address is a picture, so a stream of made-up ones must not
 * queue unbounded work. Past it, a picture not yet drawn is answered with its drawing (siteRaster: 'busy').
 */
const MAX_DRAWING = 8;

const etagOf = (body: string | Buffer) =>
  // Weak: the same image may leave gzip-compressed or not.
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

export class MediaService {
  private readonly cache = new Map<string, MediaImage>();

  /** About 17 KB each: 48 MB holds some 2,800 pictures, a whole demo catalogue's twice over. */
  private readonly rasters = new LRUCache<string, RasterImage>({
    maxSize: 48 * 1024 * 1024,
    sizeCalculation: (image) => image.body.length,
  });
  /** Pictures being drawn: a page asking for one twice at once draws it once. */
  private readonly drawing = new Map<string, Promise<RasterImage>>();

  /** Each entry is a few kilobytes: 2,000 of them stay well under 20 MB. */
  constructor(private readonly maxEntries = 2000) {}

  /**
   * The drawing for /media/sites/<kind>/<city>/<file> as SVG (for a `.svg` or a `.webp` file: the WebP is
   * drawn from it), or null when the path names nothing.
   */
  siteImage(kind: string, city: string, file: string): MediaImage | null {
    const match = VARIANT_FILE.exec(file);
    const place = CITY_BY_SLUG.get(city);
    if (!match || !place || !(KIND_SLUGS as readonly string[]).includes(kind)) return null;
    const variant = Number(match[1]);
    if (variant > MAX_VARIANT) return null;
    return this.cached(`${kind}/${city}/${variant}`, () => renderSiteScene(kind as KindSlug, place, variant));
  }

  /** Whether the file is the WebP form of a picture (`<variant>.webp`). */
  static isRaster(file: string): boolean {
    return file.endsWith('.webp');
  }

  /**
   * The WebP for /media/sites/<kind>/<city>/<variant>.webp, null when the path names nothing, or 'busy' when
   * it is not drawn yet and MAX_DRAWING others are being drawn.
   */
  async siteRaster(kind: string, city: string, file: string): Promise<RasterImage | null | 'busy'> {
    if (!MediaService.isRaster(file)) return null;
    const drawing = this.siteImage(kind, city, file);
    if (!drawing) return null;
    const key = `${kind}/${city}/${file}`;
    const hit = this.rasters.get(key);
    if (hit) return hit;
    let pending = this.drawing.get(key);
    if (!pending) {
      if (this.drawing.size >= MAX_DRAWING) return 'busy';
      pending = sharp(Buffer.from(drawing.body))
        .webp(WEBP)
        .toBuffer()
        .then((body) => {
          const image = { body, etag: etagOf(body) };
          this.rasters.set(key, image);
          return image;
        })
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    return pending;
  }

  placeholder(): MediaImage {
    return this.cached('placeholder', renderPlaceholder);
  }

  private cached(key: string, render: () => string): MediaImage {
    const hit = this.cache.get(key);
    if (hit) {
      // Re-insert so the Map's order is least-recently-used first.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const body = render();
    const image = { body, etag: etagOf(body) };
    this.cache.set(key, image);
    if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return image;
  }
}
