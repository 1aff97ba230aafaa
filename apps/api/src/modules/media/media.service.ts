/**
 * Turns a media path into SVG bytes. Images are drawn from the URL alone (see site-image-url.ts) and kept
 * in a bounded in-memory cache, so a hot catalogue page costs one Map lookup per image.
 */
import { createHash } from 'node:crypto';
import { CITY_BY_SLUG } from '../../db/seed/cities.ts';
import { KIND_SLUGS, type KindSlug, MAX_VARIANT } from './site-image-url.ts';
import { renderPlaceholder, renderSiteScene } from './svg/scene.ts';

export interface MediaImage {
  body: string;
  etag: string;
}

const VARIANT_FILE = /^([1-9][0-9]{0,5})\.svg$/;

export class MediaService {
  private readonly cache = new Map<string, MediaImage>();

  /** Each entry is a few kilobytes: 2,000 of them stay well under 20 MB. */
  constructor(private readonly maxEntries = 2000) {}

  /** The picture for /media/sites/<kind>/<city>/<file>, or null when the path names nothing. */
  siteImage(kind: string, city: string, file: string): MediaImage | null {
    const match = VARIANT_FILE.exec(file);
    const place = CITY_BY_SLUG.get(city);
    if (!match || !place || !(KIND_SLUGS as readonly string[]).includes(kind)) return null;
    const variant = Number(match[1]);
    if (variant > MAX_VARIANT) return null;
    return this.cached(`${kind}/${city}/${variant}`, () => renderSiteScene(kind as KindSlug, place, variant));
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
    // Weak: the same image may leave gzip-compressed or not.
    const image = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
    this.cache.set(key, image);
    if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return image;
  }
}
