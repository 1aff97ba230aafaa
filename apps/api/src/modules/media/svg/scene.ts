/**
 * Composes one picture of a site: the backdrop of its city at a time of day, the media of its kind with a
 * sample creative, and the city sign. Everything derives from (kind, city, variant), so the same URL always
 * yields the same bytes.
 */
import type { City } from '../../../db/seed/cities.ts';
import { hashString, Rng } from '../../../db/seed/prng.ts';
import { type KindSlug, splitVariant } from '../site-image-url.ts';
import { SAMPLE_ADS } from './ads.ts';
import { citySign, defs, H, HORIZON, haze, sky, skyline, street, traffic, trees, W } from './backdrop.ts';
import { drawHills, drawLandmark } from './landmarks.ts';
import { PALETTES } from './palette.ts';
import {
  bridge,
  type Drawn,
  digitalBillboard,
  hoarding,
  lampPost,
  retail,
  type SiteContext,
  transit,
} from './sites.ts';

const open = (title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" font-family="Arial,Helvetica,sans-serif" font-weight="700"><title>${title}</title>`;

const KIND_LABEL: Record<KindSlug, string> = {
  'lamp-post': 'Lamp post banners',
  hoarding: 'Hoarding',
  bridge: 'Flyover panel',
  'digital-billboard': 'Digital billboard',
  transit: 'Transit media',
  retail: 'Mall standee',
};

/** Smaller behind a flyover deck or a metro viaduct, so the structure does not hide it. */
function landmarkScale(kind: KindSlug, style: number): number {
  if (kind === 'bridge') return 0.78;
  if (kind === 'transit' && style === 1) return 0.9;
  return 1.15;
}

function drawSite(kind: KindSlug, ctx: SiteContext, style: number): Drawn {
  switch (kind) {
    case 'lamp-post':
      return lampPost(ctx);
    case 'hoarding':
      return hoarding(ctx);
    case 'bridge':
      return bridge(ctx);
    case 'digital-billboard':
      return digitalBillboard(ctx);
    case 'transit':
      return transit(ctx, style);
    case 'retail':
      return retail(ctx);
  }
}

export function renderSiteScene(kind: KindSlug, city: City, variant: number): string {
  const { style, time, shot, scene } = splitVariant(kind, variant);
  const p = PALETTES[time];
  // One generator per scene: the skyline, placement and people stay put while the light changes.
  const rng = new Rng(hashString(`${kind}|${city.slug}|${scene}|${style}`));
  const mediaRight = rng.chance(0.5);
  const x = mediaRight ? rng.int(480, 560) : rng.int(240, 320);
  const landmarkX = mediaRight ? rng.int(150, 230) : rng.int(570, 650);
  const landmark = city.landmarks[scene % city.landmarks.length];
  // Day and golden-hour photos share a creative, dusk and night another.
  const ad = SAMPLE_ADS[hashString(`${kind}|${city.slug}|${scene}|${shot >> 1}`) % SAMPLE_ADS.length];
  const signX = mediaRight ? rng.int(70, 120) : rng.int(680, 730);

  const site = drawSite(kind, { p, rng, ad, city, x, scene }, style);
  const blur =
    kind === 'digital-billboard' ? '<filter id="b"><feGaussianBlur stdDeviation="22"/></filter>' : '';
  return (
    open(`${KIND_LABEL[kind]} in ${city.name}`) +
    defs(p).replace('</defs>', `${blur}</defs>`) +
    sky(p, rng) +
    (landmark === 'hills' || city.landmarks.includes('hills') ? drawHills(p, scene) : '') +
    skyline(rng, landmarkX) +
    haze(p) +
    drawLandmark(landmark, p, landmarkX, HORIZON + 2, landmarkScale(kind, style) * rng.float(0.95, 1.1)) +
    street(p) +
    trees(p, rng, [site.span, [signX - 60, signX + 60]]) +
    (site.front ? '' : site.svg) +
    traffic(p, rng, site.front ? site.span : undefined) +
    (site.front ? site.svg : '') +
    citySign(p, city.name, signX) +
    '</svg>'
  );
}

/** The default picture for a product without images: an empty hoarding waiting for a creative. */
export function renderPlaceholder(): string {
  const p = PALETTES.day;
  const rng = new Rng(1);
  const ad = {
    ...SAMPLE_ADS[3],
    brand: 'Your Ad Here',
    tagline: 'AdSpace India',
    bg: '#eceff1',
    fg: '#37474f',
    accent: '#1565c0',
  };
  const site = hoarding({ p, rng, ad, city: { name: '' } as City, x: 400, scene: 0 });
  return (
    open('Advertising site') +
    defs(p) +
    sky(p, rng) +
    skyline(rng, -500) +
    haze(p) +
    street(p) +
    site.svg +
    '</svg>'
  );
}
