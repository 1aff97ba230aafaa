import { escapeHtml } from '@ooh/shared';
/**
 * Sample creatives for the panels in the pictures. The brands are invented, so no real trademark appears
 * on a site that nobody has booked.
 */

export interface SampleAd {
  brand: string;
  tagline: string;
  bg: string;
  fg: string;
  accent: string;
  /** A simple emblem drawn beside the brand name. */
  mark: 'disc' | 'drop' | 'bolt' | 'leaf' | 'wing' | 'gem' | 'cup' | 'house';
}

export const SAMPLE_ADS: SampleAd[] = [
  {
    brand: 'Monsoon Cola',
    tagline: 'Chill the heat',
    bg: '#d62828',
    fg: '#ffffff',
    accent: '#ffd166',
    mark: 'drop',
  },
  {
    brand: 'Zing 5G',
    tagline: 'Fastest network in town',
    bg: '#5b2a86',
    fg: '#ffe14d',
    accent: '#ff7ac6',
    mark: 'bolt',
  },
  {
    brand: 'Saffron Silks',
    tagline: 'The festive collection',
    bg: '#f08a24',
    fg: '#5a1212',
    accent: '#ffffff',
    mark: 'leaf',
  },
  {
    brand: 'NamasteAir',
    tagline: 'Fly daily to 40 cities',
    bg: '#1565c0',
    fg: '#ffffff',
    accent: '#ffca28',
    mark: 'wing',
  },
  {
    brand: 'Kaveri Coffee',
    tagline: 'Filter coffee, perfected',
    bg: '#4e2c14',
    fg: '#f8e3c0',
    accent: '#d9a35f',
    mark: 'cup',
  },
  {
    brand: 'UrbanNest Homes',
    tagline: '2 & 3 BHK from Rs 65 L',
    bg: '#00796b',
    fg: '#ffffff',
    accent: '#ffd54f',
    mark: 'house',
  },
  {
    brand: 'SwiftPay UPI',
    tagline: 'Scan. Pay. Done.',
    bg: '#0d2c6c',
    fg: '#ffffff',
    accent: '#3ddc84',
    mark: 'bolt',
  },
  {
    brand: 'Rangoli Paints',
    tagline: 'Colour your home',
    bg: '#c2185b',
    fg: '#ffffff',
    accent: '#ffeb3b',
    mark: 'drop',
  },
  {
    brand: 'Sitara Jewellers',
    tagline: 'Wedding gold season',
    bg: '#1b4332',
    fg: '#e9c46a',
    accent: '#e9c46a',
    mark: 'gem',
  },
  {
    brand: 'VoltRide EV',
    tagline: 'Ride electric',
    bg: '#151515',
    fg: '#b5e61d',
    accent: '#b5e61d',
    mark: 'bolt',
  },
  {
    brand: 'Tiffin Express',
    tagline: 'Hot meals in 20 minutes',
    bg: '#ff7043',
    fg: '#ffffff',
    accent: '#3e2723',
    mark: 'disc',
  },
  {
    brand: 'Bharat Bank',
    tagline: 'Home loans made simple',
    bg: '#0b3d91',
    fg: '#ffffff',
    accent: '#ff9933',
    mark: 'house',
  },
];

const n = (v: number) => Math.round(v * 10) / 10;

/** Emblem centred on (cx, cy) with radius r. */
function mark(ad: SampleAd, cx: number, cy: number, r: number): string {
  const a = ad.accent;
  switch (ad.mark) {
    case 'disc':
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${a}"/>`;
    case 'drop':
      return `<path d="M${n(cx)} ${n(cy - r)}q${n(r)} ${n(r * 1.1)} ${n(r * 0.8)} ${n(r * 1.5)}a${n(r * 0.82)} ${n(r * 0.82)} 0 0 1-${n(r * 1.6)} 0q-${n(r * 0.1)}-${n(r * 0.4)} ${n(r * 0.8)}-${n(r * 1.5)}z" fill="${a}"/>`;
    case 'bolt':
      return `<path d="M${n(cx + r * 0.2)} ${n(cy - r)}l-${n(r * 0.9)} ${n(r * 1.2)}h${n(r * 0.7)}l-${n(r * 0.3)} ${n(r * 0.8)} ${n(r * 0.9)}-${n(r * 1.2)}h-${n(r * 0.7)}z" fill="${a}"/>`;
    case 'leaf':
      return `<path d="M${n(cx - r)} ${n(cy + r)}Q${n(cx - r)} ${n(cy - r)} ${n(cx + r)} ${n(cy - r)}Q${n(cx + r)} ${n(cy + r)} ${n(cx - r)} ${n(cy + r)}z" fill="${a}"/>`;
    case 'wing':
      return `<path d="M${n(cx - r)} ${n(cy + r * 0.5)}Q${n(cx)} ${n(cy - r * 1.2)} ${n(cx + r)} ${n(cy - r * 0.6)}Q${n(cx + r * 0.2)} ${n(cy)} ${n(cx - r)} ${n(cy + r * 0.5)}z" fill="${a}"/>`;
    case 'gem':
      return `<path d="M${n(cx - r)} ${n(cy - r * 0.3)}l${n(r * 0.4)}-${n(r * 0.6)}h${n(r * 1.2)}l${n(r * 0.4)} ${n(r * 0.6)}-${n(r)} ${n(r * 1.2)}z" fill="${a}"/>`;
    case 'cup':
      return `<path d="M${n(cx - r * 0.8)} ${n(cy - r * 0.5)}h${n(r * 1.6)}l-${n(r * 0.25)} ${n(r * 1.3)}h-${n(r * 1.1)}z" fill="${a}"/><path d="M${n(cx - r * 0.3)} ${n(cy - r)}q${n(r * 0.3)}-${n(r * 0.3)} 0-${n(r * 0.6)}" stroke="${a}" fill="none" stroke-width="${n(Math.max(1, r * 0.12))}"/>`;
    case 'house':
      return `<path d="M${n(cx - r)} ${n(cy)}l${n(r)}-${n(r)} ${n(r)} ${n(r)}v${n(r)}h-${n(r * 2)}z" fill="${a}"/>`;
  }
}

/** Font size that fits `text` into width w (bold sans: about 0.6 em per character). */
function fitFont(text: string, w: number, max: number): number {
  return n(Math.min(max, w / (text.length * 0.6)));
}

/**
 * The creative laid out for a box: landscape boards put the emblem left of the text, tall banners stack
 * emblem, brand and tagline, and thin strips (bridge panels, bus sides) run brand and tagline in one line.
 */
export function drawAd(ad: SampleAd, x: number, y: number, w: number, h: number): string {
  const bg = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${ad.bg}"/>`;
  const text = (t: string, tx: number, ty: number, size: number, color: string, anchor = 'middle') =>
    `<text x="${n(tx)}" y="${n(ty)}" font-size="${size}" fill="${color}" text-anchor="${anchor}">${escapeHtml(t)}</text>`;
  const ratio = w / h;
  if (ratio > 4) {
    const r = h * 0.3;
    const brandSize = fitFont(ad.brand, w * 0.45, h * 0.55);
    const tagSize = fitFont(ad.tagline, w * 0.38, h * 0.32);
    return (
      bg +
      mark(ad, x + h * 0.55, y + h / 2, r) +
      text(ad.brand, x + h, y + h / 2 + brandSize * 0.35, brandSize, ad.fg, 'start') +
      text(ad.tagline, x + w - h * 0.4, y + h / 2 + tagSize * 0.35, tagSize, ad.accent, 'end')
    );
  }
  if (ratio < 0.8) {
    // Tall banners: one word of the brand per line, so it stays readable from the road.
    const words = ad.brand.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    const size = fitFont(longest, w * 0.88, w * 0.34);
    const tagSize = fitFont(ad.tagline, w * 0.92, w * 0.15);
    const lines = words
      .map((word, i) => text(word, x + w / 2, y + h * 0.56 + i * size * 1.05, size, ad.fg))
      .join('');
    return (
      bg +
      mark(ad, x + w / 2, y + h * 0.27, w * 0.24) +
      lines +
      text(ad.tagline, x + w / 2, y + h * 0.9, tagSize, ad.accent)
    );
  }
  const r = Math.min(h * 0.28, w * 0.14);
  const brandSize = fitFont(ad.brand, w * 0.62, h * 0.3);
  const tagSize = fitFont(ad.tagline, w * 0.62, h * 0.15);
  return (
    bg +
    `<circle cx="${n(x + w * 0.18)}" cy="${n(y + h / 2)}" r="${n(r * 1.35)}" fill="${ad.fg}" opacity=".15"/>` +
    mark(ad, x + w * 0.18, y + h / 2, r) +
    text(ad.brand, x + w * 0.62, y + h * 0.5, brandSize, ad.fg) +
    text(ad.tagline, x + w * 0.62, y + h * 0.5 + tagSize * 1.6, tagSize, ad.accent)
  );
}
