/**
 * The image URL is the whole recipe: /media/sites/<kind>/<city>/<variant>.webp (or .svg, the drawing the
 * WebP is made from). Any API process can draw the picture from the path alone, so there are no files to
 * ship, copy or keep in step with the database, and a catalogue of any size has images. Catalogues seeded
 * before the WebP keep their .svg addresses, which still answer.
 *
 * The variant number packs three choices: v % styles is the style (bus or metro train for transit),
 * floor(v / styles) % 4 the time of day (day, golden hour, dusk, night), and floor(v / (4 * styles)) the
 * scene (skyline, landmark, camera). A site's gallery uses one scene at successive times of day.
 */

export const KIND_SLUGS = [
  'lamp-post',
  'hoarding',
  'bridge',
  'digital-billboard',
  'transit',
  'retail',
] as const;
export type KindSlug = (typeof KIND_SLUGS)[number];

/** How many drawing styles a kind has; the variant's remainder picks one. */
export const KIND_STYLES: Record<KindSlug, number> = {
  'lamp-post': 1,
  hoarding: 1,
  bridge: 1,
  'digital-billboard': 1,
  transit: 2,
  retail: 1,
};

export const TIMES_OF_DAY = ['day', 'golden', 'dusk', 'night'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** Largest variant number the media route accepts. */
export const MAX_VARIANT = 999_999;

export const PLACEHOLDER_IMAGE_URL = '/media/placeholder.svg';

export interface VariantParts {
  style: number;
  time: TimeOfDay;
  /** Which of a site's photos this is (0 = first), so the ad on the panel can change between photos. */
  shot: number;
  scene: number;
}

export function splitVariant(kind: KindSlug, variant: number): VariantParts {
  const styles = KIND_STYLES[kind];
  const shot = Math.floor(variant / styles) % 4;
  return {
    style: variant % styles,
    time: TIMES_OF_DAY[shot],
    shot,
    scene: Math.floor(variant / (styles * 4)),
  };
}

/** The variant of photo `shot` (0-3) of scene `scene` in style `style`. */
export function joinVariant(kind: KindSlug, scene: number, style: number, shot: number): number {
  const styles = KIND_STYLES[kind];
  return (scene * 4 + shot) * styles + style;
}

export function siteImageUrl(kind: KindSlug, citySlug: string, variant: number): string {
  return `/media/sites/${kind}/${citySlug}/${variant}.webp`;
}
